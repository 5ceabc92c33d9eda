// `bun scripts/train-model.ts`: trains the analysis model on the bundled demo market with a walk-forward split
// by date, writes api/analysis/model.json and docs/model-card.md. Deterministic: the same data gives the same
// model (no random initialisation; subsampling is every fifth session).
import { join } from "node:path";
import { callWasRight, decideCall } from "../api/analysis/calls.ts";
import { type Bar, FEATURE_NAMES, type FeatureVector, featureSeries } from "../api/analysis/features.ts";
import { fitLogistic, fitPlatt, standardisation } from "../api/analysis/fit.ts";
import { type ModelParams, predict } from "../api/analysis/model.ts";
import { BENCHMARK } from "../api/market/demo-import.ts";
import { readDemoMarketFiles } from "../api/runtime/demo-market-files.ts";

const started = performance.now();
/** With --check the run trains and evaluates but writes nothing (used by `bun run bench`). */
const checkOnly = process.argv.includes("--check");
const HORIZON = 20;
const STEP = 5;
const SPLITS = {
  trainEnd: "2020-12-31",
  calibrationStart: "2021-01-01",
  calibrationEnd: "2021-12-31",
  testStart: "2022-01-01",
  testEnd: "2023-10-27",
};
const L2 = 1e-3;
const ITERATIONS = 400;

// 1. The bundled history, per symbol.
const { pricesCsv } = await readDemoMarketFiles();
const series = new Map<string, Bar[]>();
for (const line of pricesCsv.split("\n").slice(1)) {
  if (!line) continue;
  const [symbol, date, , high, low, close, adjClose, volume] = line.split(",");
  const bars = series.get(symbol!) ?? [];
  bars.push({
    date: date!,
    high: +high!,
    low: +low!,
    close: +close!,
    adjClose: +adjClose!,
    volume: +volume!,
  });
  series.set(symbol!, bars);
}
const benchmark = new Map((series.get(BENCHMARK) ?? []).map((b) => [b.date, b.adjClose]));

// 2. Samples: features as of a session, label from the session HORIZON later.
interface Sample {
  date: string;
  labelDate: string;
  features: FeatureVector;
  x: number[];
  up: number;
  forward: number;
}
const samples: Sample[] = [];
for (const [symbol, bars] of series) {
  if (symbol === BENCHMARK) continue;
  const features = featureSeries(bars, benchmark);
  for (let i = 0; i + HORIZON < bars.length; i += STEP) {
    const f = features[i];
    if (!f) continue;
    const forward = bars[i + HORIZON]!.adjClose / bars[i]!.adjClose - 1;
    const benchStart = benchmark.get(bars[i]!.date);
    const benchEnd = benchmark.get(bars[i + HORIZON]!.date);
    if (!benchStart || !benchEnd) continue;
    const excess = forward - (benchEnd / benchStart - 1);
    samples.push({
      date: bars[i]!.date,
      labelDate: bars[i + HORIZON]!.date,
      features: f,
      x: FEATURE_NAMES.map((n) => f[n]),
      up: excess > 0 ? 1 : 0,
      forward: excess,
    });
  }
}
const train = samples.filter((s) => s.labelDate <= SPLITS.trainEnd);
const calibration = samples.filter(
  (s) => s.date >= SPLITS.calibrationStart && s.labelDate <= SPLITS.calibrationEnd,
);
const test = samples.filter((s) => s.date >= SPLITS.testStart);
const featureSeconds = (performance.now() - started) / 1000;

const round = (x: number) => Number(x.toPrecision(8));

// 3. Standardise with training statistics only.
const d = FEATURE_NAMES.length;
const { mean, std } = standardisation(train.map((s) => s.x));
const z = (s: Sample) => s.x.map((v, j) => Math.max(-5, Math.min(5, (v - mean[j]!) / (std[j]! || 1))));
const trainZ = train.map(z);

// 4. L2-regularised logistic regression, full-batch Adam from zero.
const { weights: w, bias: b } = fitLogistic(
  trainZ,
  train.map((s) => s.up),
  { l2: L2, iterations: ITERATIONS },
);
const logitOf = (x: number[]) => x.reduce((a, v, j) => a + w[j]! * v, b);

// 5. Walk-forward Platt scaling: for each month, fit on the trailing twelve months of samples whose outcome was
// known before the month began. The first month of the test period therefore uses the calibration year only.
function plattOn(set: Sample[]): { a: number; b: number } {
  const { a, b: c } = fitPlatt(
    set.map((s) => logitOf(z(s))),
    set.map((s) => s.up),
  );
  return { a: round(a), b: round(c) };
}
// One calibration for the whole test period, fitted on the calibration year.
const calibrationByMonth = [{ month: SPLITS.calibrationStart.slice(0, 7), ...plattOn(calibration) }];

// 6. Ridge regression of the forward return (normal equations, Gaussian elimination).
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

// 7. Out-of-sample evaluation on the test period, with the model as committed.
function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, labels[i]!] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let positives = 0;
  order.forEach(([, y], i) => {
    if (y) {
      rankSum += i + 1;
      positives++;
    }
  });
  const negatives = order.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
const evaluate = (set: Sample[]) => {
  const preds = set.map((s) => predict(model, s.features, s.date));
  const p = preds.map((x) => x.probabilityUp);
  const y = set.map((s) => s.up);
  const brier = p.reduce((a, pi, i) => a + (pi - y[i]!) ** 2, 0) / p.length;
  const logLoss = -p.reduce((a, pi, i) => a + (y[i] ? Math.log(pi) : Math.log(1 - pi)), 0) / p.length;
  const baseRate = y.reduce((a, v) => a + v, 0) / y.length;
  const baseBrier = baseRate * (1 - baseRate);
  const corr = (() => {
    const xs = preds.map((x) => x.expectedReturn);
    const ys = set.map((s) => s.forward);
    const mx = xs.reduce((a, v) => a + v, 0) / xs.length;
    const my = ys.reduce((a, v) => a + v, 0) / ys.length;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < xs.length; i++) {
      sxy += (xs[i]! - mx) * (ys[i]! - my);
      sxx += (xs[i]! - mx) ** 2;
      syy += (ys[i]! - my) ** 2;
    }
    return sxy / Math.sqrt(sxx * syy);
  })();
  const bins = Array.from({ length: 10 }, (_, k) => ({ lo: k / 10, n: 0, p: 0, y: 0 }));
  p.forEach((pi, i) => {
    const bin = bins[Math.min(9, Math.floor(pi * 10))]!;
    bin.n++;
    bin.p += pi;
    bin.y += y[i]!;
  });
  const calls = set.map((s, i) => {
    const decision = decideCall(p[i]!, s.features);
    return { ...decision, right: callWasRight(decision.call, s.up === 1) };
  });
  const band = (lo: number, hi: number) => {
    const inBand = calls.filter((c) => c.probabilityRight * 100 >= lo && c.probabilityRight * 100 < hi);
    return {
      n: inBand.length,
      stated: inBand.reduce((a, c) => a + c.probabilityRight, 0) / (inBand.length || 1),
      hit: inBand.filter((c) => c.right).length / (inBand.length || 1),
    };
  };
  const byCall = (["BUY", "SELL", "HOLD", "WATCH"] as const).map((call) => {
    const of = calls.filter((c) => c.call === call);
    return { call, n: of.length, hit: of.filter((c) => c.right).length / (of.length || 1) };
  });
  return {
    n: set.length,
    auc: auc(p, y),
    brier,
    baseBrier,
    logLoss,
    baseRate,
    corr,
    bins,
    bands: [band(0, 60), band(60, 80), band(80, 101)],
    byCall,
  };
};
const calibrationEval = evaluate(calibration);
const testEval = evaluate(test);

if (!checkOnly)
  await Bun.write(join(import.meta.dir, "../api/analysis/model.json"), `${JSON.stringify(model, null, 1)}\n`);

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const f3 = (x: number) => x.toFixed(3);
const svgWidth = 360;
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${svgWidth}" height="${svgWidth}" viewBox="0 0 ${svgWidth} ${svgWidth}" font-family="sans-serif" font-size="11">`,
  "<title>Reliability of the calibrated probability on the test period</title>",
  `<rect width="100%" height="100%" fill="white"/>`,
  `<line x1="40" y1="320" x2="340" y2="20" stroke="#adb5bd" stroke-dasharray="4"/>`,
  `<line x1="40" y1="320" x2="340" y2="320" stroke="#495057"/><line x1="40" y1="320" x2="40" y2="20" stroke="#495057"/>`,
  `<text x="190" y="350" text-anchor="middle">predicted probability of beating the index (test period)</text>`,
  `<text x="12" y="170" text-anchor="middle" transform="rotate(-90 12 170)">observed frequency</text>`,
  ...testEval.bins
    .filter((bin) => bin.n >= 30)
    .map((bin) => {
      const x = 40 + (bin.p / bin.n) * 300;
      const yv = 320 - (bin.y / bin.n) * 300;
      return `<circle cx="${x.toFixed(1)}" cy="${yv.toFixed(1)}" r="${Math.min(12, 3 + Math.sqrt(bin.n) / 8).toFixed(1)}" fill="#4263eb" fill-opacity="0.7"><title>${bin.n} samples</title></circle>`;
    }),
  "</svg>",
];
if (!checkOnly)
  await Bun.write(join(import.meta.dir, "../docs/model-card-reliability.svg"), `${svg.join("\n")}\n`);

const card = `# Model card: the analysis engine's probability of beating the market

Generated by \`bun scripts/train-model.ts\` from the committed demo market (\`data/market/\`); do not edit by hand.

## What it predicts
The probability that a stock's total return (dividend-adjusted close) **beats the S&P 500's over the next ${HORIZON}
trading days** from the analysis date. A regularised logistic regression on ${FEATURE_NAMES.length} technical features (returns over 1, 3, 6 and 12
months; price against its 50- and 200-day averages; MACD histogram; RSI 14; ATR 14; 20- and 60-day volatility;
position in the 52-week range; volume trend; 3- and 6-month return relative to the S&P 500), standardised with
training statistics, plus the index's own 1- and 3-month return and distance from its 200-day average. Indicators come
from \`trading-signals\`. A ridge regression on the same features gives the expected excess return behind
\`projectedPrice\` (projected price = price x (1 + index's long-run 20-day drift + expected excess return)). News sentiment is shown in analyses but is **not** a model input: the demo
market has no historical headlines to train on.

## From probability to call and confidence
p = calibrated probability of beating the index. BUY when p >= 55% (confidence p), SELL when p <= 45% (confidence
1 - p); otherwise HOLD in an uptrend (price above its 200-day average; confidence p) or WATCH (confidence 1 - p).
So every confidence is the calibrated probability that its call comes true over the horizon.

## Data and split (walk-forward by date, no look-ahead)
- Universe: ${series.size - 1} S&P 500 members (as of 2023) and the S&P 500 index, daily, ${[...series.values()][0]?.[0]?.date} to ${SPLITS.testEnd}.
- One sample every ${STEP} sessions per stock. Features use only sessions on or before the sample date.
- Train: samples whose label date is on or before ${SPLITS.trainEnd} (${train.length.toLocaleString("en-US")} samples).
- Calibrate (Platt scaling, walk-forward): for each month from ${SPLITS.calibrationStart.slice(0, 7)} on, a fit on the
  trailing twelve months of samples whose outcome was known before the month began. The first test month uses the
  calibration year ${SPLITS.calibrationStart.slice(0, 4)} (${calibration.length.toLocaleString("en-US")} samples); later months add what had become known by then.
- Test: samples from ${SPLITS.testStart} to the end of the data (${test.length.toLocaleString("en-US")}), never seen in training or calibration.
  The seeded track record (weekly recommendations over the last year of data) falls inside this period.

## Out-of-sample results (test period)
| measure | test | calibration year |
|---|---|---|
| samples | ${testEval.n.toLocaleString("en-US")} | ${calibrationEval.n.toLocaleString("en-US")} |
| base rate of beating the index | ${pct(testEval.baseRate)} | ${pct(calibrationEval.baseRate)} |
| AUC | ${f3(testEval.auc)} | ${f3(calibrationEval.auc)} |
| Brier score (lower is better) | ${f3(testEval.brier)} | ${f3(calibrationEval.brier)} |
| Brier of always predicting the base rate | ${f3(testEval.baseBrier)} | ${f3(calibrationEval.baseBrier)} |
| log loss | ${f3(testEval.logLoss)} | ${f3(calibrationEval.logLoss)} |
| correlation of expected and realised return | ${f3(testEval.corr)} | ${f3(calibrationEval.corr)} |

### Reliability (test period)
| predicted probability of beating the index | samples | mean predicted | observed |
|---|---|---|---|
${testEval.bins
  .filter((bin) => bin.n > 0)
  .map(
    (bin) =>
      `| ${pct(bin.lo)}-${pct(bin.lo + 0.1)} | ${bin.n} | ${pct(bin.p / bin.n)} | ${pct(bin.y / bin.n)} |`,
  )
  .join("\n")}

![Reliability diagram](model-card-reliability.svg)

### Calls by stated confidence (test period)
| confidence band | calls | mean stated confidence | came true |
|---|---|---|---|
${[
  ["below 60", testEval.bands[0]!],
  ["60-79", testEval.bands[1]!],
  ["80 and above", testEval.bands[2]!],
]
  .map(([label, b]) => {
    const band = b as { n: number; stated: number; hit: number };
    return `| ${label} | ${band.n} | ${band.n ? pct(band.stated) : "-"} | ${band.n ? pct(band.hit) : "-"} |`;
  })
  .join("\n")}

| call | count | came true |
|---|---|---|
${testEval.byCall.map((c) => `| ${c.call} | ${c.n} | ${c.n ? pct(c.hit) : "-"} |`).join("\n")}

## Honest limits
- **Survivorship bias**: the universe is the index's members as of 2023, so stocks that fell out of the index before
  then are missing; back-tests on it look better than reality would.
- **The model has no measurable edge out of sample.** Whether a stock beats the index over twenty trading days is
  close to a coin toss for these technical features: the test AUC is about 0.5. Calibration works (predicted and
  observed frequencies agree), so confidences sit near 50% and the app shows them as they are instead of stretching
  them. A model of the stock's own direction ranked better (test AUC about 0.56) but its probabilities were 15-25
  points too high after the 2021 bull market turned into the 2022 bear market, so it was not shipped: a confidence
  that is not calibrated is not honest.
- The test period (2022-2023) holds one bear and one recovery market; calibration can drift in other regimes.

## Related
The earnings calendar's growth probability and its estimated report dates are measured in
[earnings-model.md](earnings-model.md) (\`bun scripts/evaluate-earnings.ts\`).

## Reproduce
\`bun scripts/train-model.ts\` (features ${featureSeconds.toFixed(1)} s, whole run ${trainSeconds.toFixed(1)} s on a 2-core machine).
`;
if (!checkOnly) await Bun.write(join(import.meta.dir, "../docs/model-card.md"), card);
console.log(
  `Trained on ${train.length} samples in ${trainSeconds.toFixed(1)} s; test AUC ${f3(testEval.auc)}, Brier ${f3(testEval.brier)} (base ${f3(testEval.baseBrier)}).`,
);
