// `bun scripts/train-model.ts`: trains the ranking models on the bundled 20-year history, each date's index members
// only (point in time), and writes api/analysis/models/: the walk-forward ranker-YYYY.json (2007-2023, each serving
// its own year), ranker-live.json (trained on every known label, calibrated on the pooled walk-forward evidence,
// serving after the last bundled session) and the parity samples the TypeScript evaluator is tested against.
// The label is the forward return's place among the date's members of the same volatility fifth (decision 067).
// Features are computed here, in TypeScript, by the same code the app runs; the trees are grown by XGBoost in
// scripts/model/train_ranker.py (install: `apt-get install -y python3-xgboost`, see
// docs/decisions/015-ranking-model.md). Deterministic: the same data gives the same files.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { positionsWithin } from "../api/analysis/cross-section.ts";
import { FEATURE_NAMES } from "../api/analysis/features.ts";
import {
  type DecileStats,
  decileOf,
  type ExcessModel,
  horizonVolatility,
  probit,
  type RankerModel,
  sigmoid,
} from "../api/analysis/ranker.ts";
import { rawScore, type Tree } from "../api/analysis/trees.ts";
import { parseEnv } from "../api/lib/config.ts";
import { BENCHMARK } from "../api/market/benchmark.ts";
import { openDatabase } from "../api/runtime/bun-database.ts";
import { parseCli } from "./cli/args.ts";
import { fitSlope, quantile } from "./model/metrics.ts";
import {
  buildSamples,
  FIRST_MODEL_YEAR,
  HORIZON,
  isCalibration,
  isTraining,
  LAST_TEST_YEAR,
  loadHistory,
  type Sample,
  type Split,
  splitFor,
  volatilityNeutralLabels,
} from "./model/samples.ts";
import { PARAMS, ROUNDS } from "./model/training-settings.ts";
import { readForest } from "./model/xgboost-forest.ts";

parseCli({
  usage: `usage: bun scripts/train-model.ts

Retrains the ranking models on the bundled 20-year history, each date's index members only (about 2.5 min): the
walk-forward ranker-YYYY.json and ranker-live.json. Rewrites
api/analysis/models/ byte for byte, then stores the served ones whose file changed in DATABASE_URL's ranker_models
table (the embedded file under data/ when unset), as the migrate path does. Needs XGBoost: apt-get install -y python3-xgboost (TRAIN_PYTHON overrides
/usr/bin/python3). Takes no arguments.`,
});

const MODELS_DIR = join(import.meta.dir, "../api/analysis/models");
const PYTHON = process.env.TRAIN_PYTHON ?? "/usr/bin/python3";

const started = performance.now();
const history = await loadHistory();
const samples = buildSamples(history);
/** The last session of the bundled history: the live model serves from the day after. */
const lastSession = history.get(BENCHMARK)!.at(-1)!.date;
console.log(`${samples.length} samples in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const work = mkdtempSync(join(tmpdir(), "train-ranker-"));
const d = FEATURE_NAMES.length;
const x = new Float32Array(samples.length * d);
// The label: the forward return's place within the date's volatility fifth (decision 067, design 3).
const y = volatilityNeutralLabels(samples);
samples.forEach((s, i) => {
  x.set(s.x, i * d);
});
await Bun.write(join(work, "x.f32"), x);
await Bun.write(join(work, "y.f32"), y);

const years = Array.from({ length: LAST_TEST_YEAR - FIRST_MODEL_YEAR + 1 }, (_, k) => FIRST_MODEL_YEAR + k);
const jobs = [];
for (const year of years) {
  const split = splitFor(year);
  const rows = Uint32Array.from(samples.flatMap((s, i) => (isTraining(s, split) ? [i] : [])));
  await Bun.write(join(work, `${year}.u32`), rows);
  jobs.push({ name: String(year), rows: `${year}.u32` });
}
// The live model: every sample whose label is known by the last bundled session.
const liveRows = Uint32Array.from(samples.flatMap((s, i) => (s.labelDate !== null ? [i] : [])));
await Bun.write(join(work, "live.u32"), liveRows);
jobs.push({ name: "live", rows: "live.u32" });
// Parity samples: the members on the last sample date, scored by the live model.
const lastDate = samples.at(-1)!.date;
const parityRows = Uint32Array.from(samples.flatMap((s, i) => (s.date === lastDate ? [i] : [])));
await Bun.write(join(work, "parity.u32"), parityRows);
await Bun.write(
  join(work, "jobs.json"),
  JSON.stringify({
    features: d,
    params: PARAMS,
    rounds: ROUNDS,
    jobs,
    parity: { job: "live", rows: "parity.u32" },
  }),
);

const python = Bun.spawnSync([PYTHON, join(import.meta.dir, "model/train_ranker.py"), work], {
  stdout: "inherit",
  stderr: "inherit",
});
if (python.exitCode !== 0) {
  rmSync(work, { recursive: true, force: true });
  console.error(`training failed (${PYTHON} scripts/model/train_ranker.py); see the install step above`);
  process.exit(1);
}

const round = (v: number, digits = 6) => Number(v.toFixed(digits));

/** Places of each sample's score among its date's samples, by date. */
function placesByDate(set: readonly Sample[], raws: readonly number[]): number[] {
  const out = new Array<number>(set.length);
  let start = 0;
  while (start < set.length) {
    let end = start;
    while (end < set.length && set[end]!.date === set[start]!.date) end++;
    const positions = positionsWithin(raws.slice(start, end));
    for (let k = start; k < end; k++) out[k] = positions[k - start]!;
    start = end;
  }
  return out;
}

function decileStats(calibration: readonly Sample[], places: readonly number[]): DecileStats[] {
  const stats: DecileStats[] = [];
  for (let decile = 1; decile <= 10; decile++) {
    const excess = calibration.flatMap((s, k) => (decileOf(places[k]!) === decile ? [s.excess!] : []));
    const meanExcess = excess.reduce((a, b) => a + b, 0) / excess.length;
    stats.push({ decile, meanExcess: round(meanExcess), samples: excess.length });
  }
  return stats;
}

/** Each sample's volatility fifth among its date's samples (1 calmest .. 5 most volatile). */
function volatilityFifths(set: readonly Sample[]): number[] {
  const out = new Array<number>(set.length);
  const byDate = new Map<string, number[]>();
  set.forEach((s, k) => {
    const list = byDate.get(s.date) ?? [];
    list.push(k);
    byDate.set(s.date, list);
  });
  for (const list of byDate.values()) {
    list.sort(
      (a, b) => set[a]!.raw.vol_60d - set[b]!.raw.vol_60d || set[a]!.symbol.localeCompare(set[b]!.symbol),
    );
    list.forEach((k, rank) => {
      out[k] = Math.floor((rank * 5) / list.length) + 1;
    });
  }
  return out;
}

/**
 * The excess-return model (api/analysis/ranker.ts), all on the calibration evidence: z = excess / s with s =
 * sqrt(vol_60d^2 + volFloor^2) * sqrt(h / 252); `scale` is z's standard deviation, `low` and `high` the 10th and
 * 90th percentiles of z - scale * probit(p). volFloor (0 to 0.30 by 0.01) is the one whose interval's coverage is
 * closest to 80% in every volatility fifth of the evidence (the smallest worst gap).
 */
function excessModel(calibration: readonly Sample[], places: readonly number[], slope: number): ExcessModel {
  const kept = calibration.flatMap((s, k) => (s.raw.vol_60d > 0 ? [k] : []));
  const set = kept.map((k) => calibration[k]!);
  const q = kept.map((k) => probit(sigmoid(slope * (2 * places[k]! - 1))));
  const fifths = volatilityFifths(set);
  const fit = (floor: number) => {
    const z = set.map(
      (s) => s.excess! / horizonVolatility(Math.sqrt(s.raw.vol_60d ** 2 + floor ** 2), HORIZON),
    );
    const m = z.reduce((a, b) => a + b, 0) / z.length;
    const sd = Math.sqrt(z.reduce((a, v) => a + (v - m) ** 2, 0) / (z.length - 1));
    const residuals = z.map((v, k) => v - round(sd, 4) * q[k]!);
    const sorted = Float64Array.from(residuals).sort();
    const low = round(quantile(sorted, 0.1), 4);
    const high = round(quantile(sorted, 0.9), 4);
    const inside = [0, 0, 0, 0, 0, 0];
    const counts = [0, 0, 0, 0, 0, 0];
    residuals.forEach((r, k) => {
      counts[fifths[k]!]!++;
      if (r >= low && r <= high) inside[fifths[k]!]!++;
    });
    const worstGap = Math.max(...[1, 2, 3, 4, 5].map((f) => Math.abs(inside[f]! / counts[f]! - 0.8)));
    return { scale: round(sd, 4), low, high, samples: set.length, volFloor: floor, worstGap };
  };
  let best = fit(0);
  for (let k = 1; k <= 30; k++) {
    const candidate = fit(k / 100);
    if (candidate.worstGap < best.worstGap - 1e-12) best = candidate;
  }
  const { worstGap: _, ...model } = best;
  return model;
}

/** Each model's own out-of-sample record: the samples of the year it serves, with their places by date. */
const record = new Map<number, { set: Sample[]; places: number[] }>();

/**
 * Calibration evidence of the model serving `year`, all known before the year begins: its own scores on the year
 * before, plus every earlier year as scored by that year's own walk-forward model. One year alone gave unstable,
 * sometimes inverted slopes (docs/decisions/015-ranking-model.md).
 */
function evidenceFor(year: number, split: Split, forest: { baseScore: number; trees: Tree[] }) {
  const own = samples.filter((s) => isCalibration(s, split));
  const set: Sample[] = [...own];
  const places = placesByDate(
    own,
    own.map((s) => rawScore(forest, s.x)),
  );
  for (let k = FIRST_MODEL_YEAR; k <= year - 2; k++) {
    const earlier = record.get(k)!;
    earlier.set.forEach((s, i) => {
      if (s.excess === null || s.labelDate! > split.calibrationEnd) return;
      set.push(s);
      places.push(earlier.places[i]!);
    });
  }
  return { set, places };
}

const lastLabel = (set: readonly Sample[]) =>
  set.reduce((a, s) => (s.labelDate !== null && s.labelDate > a ? s.labelDate : a), "");

function modelFrom(
  version: string,
  split: RankerModel["splits"],
  trainedThrough: string,
  evidence: { set: Sample[]; places: number[] },
  forest: { baseScore: number; trees: Tree[] },
): RankerModel {
  const { set, places } = evidence;
  const fitted = fitSlope(
    places.map((p) => 2 * p - 1),
    set.map((s) => (s.excess! > 0 ? 1 : 0)),
  );
  // A ranking model never states the opposite of its ranking: without positive evidence it says 50% (adopted after
  // seeing the 2010-2013 test years, whose evidence from the crisis years was inverted: docs/model-card.md).
  const slope = Math.max(0, fitted);
  const dates = set.map((s) => s.date).sort();
  return {
    version,
    horizonDays: HORIZON,
    features: FEATURE_NAMES,
    calibration: {
      slope: round(slope),
      fittedSlope: round(fitted),
      samples: set.length,
      from: dates[0]!,
      to: dates.at(-1)!,
    },
    excess: excessModel(set, places, round(slope)),
    deciles: decileStats(set, places),
    trainedThrough,
    splits: split,
    baseScore: forest.baseScore,
    trees: forest.trees,
  };
}

function buildModel(year: number, split: Split, forest: { baseScore: number; trees: Tree[] }): RankerModel {
  const evidence = evidenceFor(year, split, forest);
  const served = samples.filter((s) => s.date >= split.servesFrom && s.date <= split.servesUntil);
  record.set(year, {
    set: served,
    places: placesByDate(
      served,
      served.map((s) => rawScore(forest, s.x)),
    ),
  });
  const trainedThrough = lastLabel(samples.filter((s) => isTraining(s, split)));
  return modelFrom(`xgb-rank-h${HORIZON}-${year}`, split, trainedThrough, evidence, forest);
}

const dayAfter = (date: string, years = 0, days = 0) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The live model: trees trained on every known label; calibrated on the pooled out-of-sample evidence of every
 * walk-forward year (each year's members scored by the model trained before it), which is what its scores are
 * like on dates it has not seen; serves from the day after the last bundled session, one year after its last label.
 */
function buildLiveModel(forest: { baseScore: number; trees: Tree[] }): RankerModel {
  const set: Sample[] = [];
  const places: number[] = [];
  for (const year of years) {
    const r = record.get(year)!;
    r.set.forEach((s, i) => {
      if (s.excess === null) return;
      set.push(s);
      places.push(r.places[i]!);
    });
  }
  const trainedThrough = lastLabel(samples);
  const split = {
    trainLabelsEnd: trainedThrough,
    calibrationStart: set.map((s) => s.date).sort()[0]!,
    calibrationEnd: lastLabel(set),
    servesFrom: dayAfter(lastSession, 0, 1),
    servesUntil: dayAfter(trainedThrough, 1),
  };
  return modelFrom(`xgb-rank-h${HORIZON}-live`, split, trainedThrough, { set, places }, forest);
}

const describeModel = (name: string, model: RankerModel) =>
  console.log(
    `${name}: calibration slope ${model.calibration.slope} on ${model.calibration.samples} samples, excess scale ` +
      `${model.excess.scale} [${model.excess.low}, ${model.excess.high}] floor ${model.excess.volFloor}, trained through ${model.trainedThrough}`,
  );

for (const year of years) {
  const forest = await readForest(join(work, `${year}.model.json`));
  const model = buildModel(year, splitFor(year), forest);
  await Bun.write(join(MODELS_DIR, `ranker-${year}.json`), `${JSON.stringify(model)}\n`);
  describeModel(`ranker-${year}`, model);
}
const live = buildLiveModel(await readForest(join(work, "live.model.json")));
await Bun.write(join(MODELS_DIR, "ranker-live.json"), `${JSON.stringify(live)}\n`);
describeModel("ranker-live", live);
const parity = await Bun.file(join(work, "parity.json")).json();
await Bun.write(
  join(MODELS_DIR, "parity-samples.json"),
  `${JSON.stringify({ model: "ranker-live", date: lastDate, ...parity })}\n`,
);
rmSync(work, { recursive: true, force: true });
console.log(
  `Wrote ${years.length + 1} models to api/analysis/models/ in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
// Opening the database migrates it and stores the served models whose file changed (decision 118).
const { database, url } = await openDatabase(parseEnv(process.env));
console.log(`Stored the served models in ${url.replace(/\/\/[^@/]*@/, "//***@")} (ranker_models).`);
database.client.close();
