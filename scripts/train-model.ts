// `bun scripts/train-model.ts`: trains the walk-forward ranking models on the bundled 20-year history and writes
// api/analysis/models/ranker-YYYY.json (one per year it serves, 2010-2024) and the parity samples the TypeScript
// evaluator is tested against. Features are computed here, in TypeScript, by the same code the app runs; the trees
// are grown by XGBoost in scripts/model/train_ranker.py (install: `apt-get install -y python3-xgboost`, see
// docs/decisions/015-ranking-model.md). Deterministic: the same data gives the same files.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { positionsWithin } from "../api/analysis/cross-section.ts";
import { FEATURE_NAMES } from "../api/analysis/features.ts";
import { type DecileStats, decileOf, type RankerModel } from "../api/analysis/ranker.ts";
import { rawScore, type Tree } from "../api/analysis/trees.ts";
import { parseCli } from "./cli/args.ts";
import { fitSlope, quantile } from "./model/metrics.ts";
import {
  buildSamples,
  FIRST_MODEL_YEAR,
  HORIZON,
  isCalibration,
  isTraining,
  loadHistory,
  type Sample,
  SERVING_YEAR,
  type Split,
  splitFor,
} from "./model/samples.ts";
import { PARAMS, ROUNDS } from "./model/training-settings.ts";

parseCli({
  usage: `usage: bun scripts/train-model.ts

Retrains the walk-forward ranking models on the bundled 20-year history (about 2.5 min) and rewrites
api/analysis/models/ byte for byte. Needs XGBoost: apt-get install -y python3-xgboost (TRAIN_PYTHON overrides
/usr/bin/python3). Takes no arguments.`,
});

const MODELS_DIR = join(import.meta.dir, "../api/analysis/models");
const PYTHON = process.env.TRAIN_PYTHON ?? "/usr/bin/python3";

const started = performance.now();
const samples = buildSamples(await loadHistory());
console.log(`${samples.length} samples in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const work = mkdtempSync(join(tmpdir(), "train-ranker-"));
const d = FEATURE_NAMES.length;
const x = new Float32Array(samples.length * d);
const y = new Float32Array(samples.length);
samples.forEach((s, i) => {
  x.set(s.x, i * d);
  y[i] = s.label ?? Number.NaN;
});
await Bun.write(join(work, "x.f32"), x);
await Bun.write(join(work, "y.f32"), y);

const years = Array.from({ length: SERVING_YEAR - FIRST_MODEL_YEAR + 1 }, (_, k) => FIRST_MODEL_YEAR + k);
const jobs = [];
for (const year of years) {
  const split = splitFor(year);
  const rows = Uint32Array.from(samples.flatMap((s, i) => (isTraining(s, split) ? [i] : [])));
  await Bun.write(join(work, `${year}.u32`), rows);
  jobs.push({ name: String(year), rows: `${year}.u32` });
}
// Parity samples: the universe on the last sample date, scored by the newest model.
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
    parity: { job: String(SERVING_YEAR), rows: "parity.u32" },
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

/** The shortest decimal that is the same 32-bit float, so the files stay small and exact. */
function float32Text(v: number): number {
  const f = Math.fround(v);
  for (let p = 1; p <= 9; p++) {
    const shorter = Number(f.toPrecision(p));
    if (Math.fround(shorter) === f) return shorter;
  }
  return f;
}

interface XgbTree {
  left_children: number[];
  right_children: number[];
  split_indices: number[];
  split_conditions: number[];
  default_left: number[];
  sum_hessian: number[];
}

async function readForest(file: string): Promise<{ baseScore: number; trees: Tree[] }> {
  const json = await Bun.file(file).json();
  const learner = json.learner;
  return {
    baseScore: float32Text(Number(learner.learner_model_param.base_score)),
    trees: (learner.gradient_booster.model.trees as XgbTree[]).map((t) => ({
      left: t.left_children,
      right: t.right_children,
      feature: t.split_indices.map((f, k) => (t.left_children[k] === -1 ? 0 : f)),
      value: t.split_conditions.map(float32Text),
      defaultLeft: t.default_left.map((v) => (v ? 1 : 0)),
      cover: t.sum_hessian.map((c) => Number(c.toPrecision(6))),
    })),
  };
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

/** Median forward return of each training date: the market's own moves over the horizon. */
function medianMoves(set: readonly Sample[]): number[] {
  const byDate = new Map<string, number>();
  for (const s of set) byDate.set(s.date, s.forward! - s.excess!);
  return [...byDate.values()];
}

function decileStats(calibration: readonly Sample[], places: readonly number[], moves: readonly number[]) {
  const drift = moves.reduce((a, b) => a + b, 0) / moves.length;
  const sortedMoves = [...moves].sort((a, b) => a - b);
  const stats: DecileStats[] = [];
  for (let decile = 1; decile <= 10; decile++) {
    const excess = calibration.flatMap((s, k) => (decileOf(places[k]!) === decile ? [s.excess!] : []));
    const meanExcess = excess.reduce((a, b) => a + b, 0) / excess.length;
    // Outcomes = a market move of the training years plus an excess of this decile, every pair (independent).
    const sums = new Float64Array(sortedMoves.length * excess.length);
    let n = 0;
    for (const m of sortedMoves) for (const e of excess) sums[n++] = m + e;
    sums.sort();
    stats.push({
      decile,
      meanExcess: round(meanExcess),
      expectedReturn: round(drift + meanExcess),
      low: round(quantile(sums, 0.1)),
      high: round(quantile(sums, 0.9)),
      samples: excess.length,
    });
  }
  return { drift: round(drift), stats };
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

function buildModel(year: number, split: Split, forest: { baseScore: number; trees: Tree[] }): RankerModel {
  const { set, places } = evidenceFor(year, split, forest);
  const fitted = fitSlope(
    places.map((p) => 2 * p - 1),
    set.map((s) => (s.excess! > 0 ? 1 : 0)),
  );
  // A ranking model never states the opposite of its ranking: without positive evidence it says 50% (adopted after
  // seeing the 2010-2013 test years, whose evidence from the crisis years was inverted: docs/model-card.md).
  const slope = Math.max(0, fitted);
  const { drift, stats } = decileStats(set, places, medianMoves(samples.filter((s) => isTraining(s, split))));
  const served = samples.filter((s) => s.date >= split.servesFrom && s.date < `${year + 1}-01-01`);
  record.set(year, {
    set: served,
    places: placesByDate(
      served,
      served.map((s) => rawScore(forest, s.x)),
    ),
  });
  const dates = set.map((s) => s.date).sort();
  return {
    version: `xgb-rank-h${HORIZON}-${year}`,
    horizonDays: HORIZON,
    features: FEATURE_NAMES,
    calibration: {
      slope: round(slope),
      fittedSlope: round(fitted),
      samples: set.length,
      from: dates[0]!,
      to: dates.at(-1)!,
    },
    drift,
    deciles: stats,
    splits: split,
    baseScore: forest.baseScore,
    trees: forest.trees,
  };
}

for (const year of years) {
  const forest = await readForest(join(work, `${year}.model.json`));
  const model = buildModel(year, splitFor(year), forest);
  await Bun.write(join(MODELS_DIR, `ranker-${year}.json`), `${JSON.stringify(model)}\n`);
  console.log(
    `ranker-${year}: calibration slope ${model.calibration.slope} on ${model.calibration.samples} samples, ` +
      `top decile expected ${(model.deciles[9]!.expectedReturn * 100).toFixed(1)}%`,
  );
}
const parity = await Bun.file(join(work, "parity.json")).json();
await Bun.write(
  join(MODELS_DIR, "parity-samples.json"),
  `${JSON.stringify({ model: `ranker-${SERVING_YEAR}`, date: lastDate, ...parity })}\n`,
);
rmSync(work, { recursive: true, force: true });
console.log(
  `Wrote ${years.length} models to api/analysis/models/ in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
