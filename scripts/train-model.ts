// `bun scripts/train-model.ts`: trains the analysis model on the bundled demo market with a walk-forward split
// by date and writes api/analysis/model.json (`bun scripts/evaluate-model.ts` then measures it and writes the model
// card). Deterministic: the same data gives the same model (no random initialisation; subsampling is every fifth
// session).
import { join } from "node:path";
import { FEATURE_NAMES } from "../api/analysis/features.ts";
import { fitLogistic, fitPlatt, standardisation } from "../api/analysis/fit.ts";
import { type ModelParams, predict } from "../api/analysis/model.ts";
import { BENCHMARK } from "../api/market/demo-import.ts";
import { auc, baseRate, brier } from "./model/metrics.ts";
import { buildSamples, HORIZON, type Sample, SPLITS, STEP } from "./model/samples.ts";

const started = performance.now();
/** With --check the run trains and scores but writes nothing (used by `bun run bench`). */
const checkOnly = process.argv.includes("--check");
const L2 = 1e-3;
const ITERATIONS = 400;

// 1. Samples: features as of a session, label from the session HORIZON later, split by date.
const { series, train, calibration } = await buildSamples();
const sampleSeconds = (performance.now() - started) / 1000;

const round = (x: number) => Number(x.toPrecision(8));

// 2. Standardise with training statistics only.
const d = FEATURE_NAMES.length;
const { mean, std } = standardisation(train.map((s) => s.x));
const z = (s: Sample) => s.x.map((v, j) => Math.max(-5, Math.min(5, (v - mean[j]!) / (std[j]! || 1))));
const trainZ = train.map(z);

// 3. L2-regularised logistic regression, full-batch Adam from zero.
const { weights: w, bias: b } = fitLogistic(
  trainZ,
  train.map((s) => s.up),
  { l2: L2, iterations: ITERATIONS },
);
const logitOf = (x: number[]) => x.reduce((a, v, j) => a + w[j]! * v, b);

// 4. Platt scaling on the calibration year, which training never saw. model.json can hold one calibration per month
// (each fitted on what was known before it began); it holds one, fitted on the calibration year, for the whole
// test period.
function plattOn(set: Sample[]): { a: number; b: number } {
  const { a, b: c } = fitPlatt(
    set.map((s) => logitOf(z(s))),
    set.map((s) => s.up),
  );
  return { a: round(a), b: round(c) };
}
const calibrationByMonth = [{ month: SPLITS.calibrationStart.slice(0, 7), ...plattOn(calibration) }];

// 5. Ridge regression of the forward return (normal equations, Gaussian elimination).
const ridge = (() => {
  const n = d + 1;
  const A = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < trainZ.length; i++) {
    const xi = [...trainZ[i]!, 1];
    // Winsorise returns so a handful of crashes and squeezes do not set the slope.
    const target = Math.max(-0.3, Math.min(0.3, train[i]!.forward));
    for (let r = 0; r < n; r++) {
      y[r]! += xi[r]! * target;
      for (let c = 0; c < n; c++) A[r]![c]! += xi[r]! * xi[c]!;
    }
  }
  for (let r = 0; r < d; r++) A[r]![r]! += trainZ.length * 0.01;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(A[r]![col]!) > Math.abs(A[pivot]![col]!)) pivot = r;
    [A[col], A[pivot]] = [A[pivot]!, A[col]!];
    [y[col], y[pivot]] = [y[pivot]!, y[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = A[r]![col]! / A[col]![col]!;
      for (let c = col; c < n; c++) A[r]![c]! -= f * A[col]![c]!;
      y[r]! -= f * y[col]!;
    }
  }
  const coef = y.map((v, r) => v / A[r]![r]!);
  return { weights: coef.slice(0, d), bias: coef[d]! };
})();

// The index's average return over the horizon in the training period.
const indexDrift = (() => {
  const idx = series.get(BENCHMARK) ?? [];
  const moves: number[] = [];
  for (let i = 0; i + HORIZON < idx.length && idx[i + HORIZON]!.date <= SPLITS.trainEnd; i += STEP) {
    moves.push(idx[i + HORIZON]!.adjClose / idx[i]!.adjClose - 1);
  }
  return moves.reduce((a, v) => a + v, 0) / (moves.length || 1);
})();
const model: ModelParams = {
  version: `logreg-h${HORIZON}-${SPLITS.trainEnd}`,
  horizonDays: HORIZON,
  features: FEATURE_NAMES,
  mean: mean.map(round),
  std: std.map(round),
  weights: w.map(round),
  bias: round(b),
  calibration: calibrationByMonth,
  returnWeights: ridge.weights.map(round),
  returnBias: round(ridge.bias),
  indexDrift: round(indexDrift),
  splits: SPLITS,
};
const trainSeconds = (performance.now() - started) / 1000;

// 6. A validation figure only: the test period is measured by scripts/evaluate-model.ts.
const calibrationP = calibration.map((s) => predict(model, s.features, s.date).probabilityUp);
const calibrationY = calibration.map((s) => s.up);
const rate = baseRate(calibrationY);
const f3 = (x: number) => x.toFixed(3);

if (!checkOnly)
  await Bun.write(join(import.meta.dir, "../api/analysis/model.json"), `${JSON.stringify(model, null, 1)}\n`);
console.log(
  `Trained on ${train.length} samples in ${trainSeconds.toFixed(1)} s (samples ${sampleSeconds.toFixed(1)} s); calibration-year AUC ${f3(auc(calibrationP, calibrationY))}, Brier ${f3(brier(calibrationP, calibrationY))} (always the base rate: ${f3(rate * (1 - rate))}).${checkOnly ? " Nothing written (--check)." : " Wrote api/analysis/model.json."}`,
);
