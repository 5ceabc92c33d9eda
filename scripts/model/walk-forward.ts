// The committed walk-forward models, read from api/analysis/models/, and the out-of-sample record they make: every
// sample of a year (that date's index members) scored by the model that serves that year (trained and calibrated on
// earlier data only).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { callForDecile, statedEventOf } from "../../api/analysis/calls.ts";
import { positionsWithin } from "../../api/analysis/cross-section.ts";
import { decileOf, type RankerModel, sigmoid } from "../../api/analysis/ranker.ts";
import { rawScore } from "../../api/analysis/trees.ts";
import { BENCHMARK } from "../../api/market/benchmark.ts";
import {
  buildSamples,
  FIRST_TEST_YEAR,
  LAST_TEST_YEAR,
  loadHistory,
  loadSurvivorshipFree,
  type Sample,
  survivorshipFreeSamples,
} from "./samples.ts";

const DIR = join(import.meta.dir, "../../api/analysis/models");

export async function readModels(): Promise<Map<number, RankerModel>> {
  const out = new Map<number, RankerModel>();
  for (const file of readdirSync(DIR).sort()) {
    const m = /^ranker-(\d{4})\.json$/.exec(file);
    if (m) out.set(Number(m[1]), await Bun.file(join(DIR, file)).json());
  }
  return out;
}

export interface Scored {
  sample: Sample;
  decile: number;
  /** The score's place among the date's members, 0 (worst) to 1 (best). */
  place: number;
  /** Calibrated probability of beating the date's median. */
  p: number;
  /** The stated event's probability and whether it came true (null when the label is not known). */
  stated: number;
  cameTrue: number | null;
  beat: number | null;
}

/** Scores the samples of the years `models` serve, each date's universe together, with that year's model. */
export function scoreOutOfSample(
  samples: readonly Sample[],
  models: ReadonlyMap<number, RankerModel>,
): Scored[] {
  const out: Scored[] = [];
  let start = 0;
  while (start < samples.length) {
    let end = start;
    const date = samples[start]!.date;
    while (end < samples.length && samples[end]!.date === date) end++;
    const model = models.get(Number(date.slice(0, 4)));
    if (model) {
      const group = samples.slice(start, end);
      const places = positionsWithin(group.map((s) => rawScore(model, s.x)));
      group.forEach((sample, k) => {
        const place = places[k]!;
        const decile = decileOf(place);
        const p = sigmoid(model.calibration.slope * (2 * place - 1));
        const beat = sample.excess === null ? null : sample.excess > 0 ? 1 : 0;
        const event = statedEventOf(decile, callForDecile(decile));
        out.push({
          sample,
          decile,
          place,
          p,
          stated: event === "beat" ? p : 1 - p,
          beat,
          cameTrue: beat === null ? null : event === "beat" ? beat : 1 - beat,
        });
      });
    }
    start = end;
  }
  return out;
}

/** The calendar year a scored sample falls in, which is the year of the model that scored it. */
export const yearOf = (s: Scored) => Number(s.sample.date.slice(0, 4));

/**
 * The committed models and their record on every test year (FIRST_TEST_YEAR to LAST_TEST_YEAR), samples whose
 * outcome is known only: on the demo market's history (survivors) and on the survivorship-free set (the dead too).
 */
export async function testYearRecord() {
  const history = await loadHistory();
  const models = await readModels();
  const inTest = (s: Scored) =>
    s.beat !== null && yearOf(s) >= FIRST_TEST_YEAR && yearOf(s) <= LAST_TEST_YEAR;
  const survivorshipFree = survivorshipFreeSamples(await loadSurvivorshipFree(), history.get(BENCHMARK)!);
  return {
    models,
    demo: scoreOutOfSample(buildSamples(history), models).filter(inTest),
    survivorshipFree: scoreOutOfSample(survivorshipFree, models).filter(inTest),
  };
}
