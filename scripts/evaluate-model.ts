// `bun scripts/evaluate-model.ts`: measures the committed analysis model (api/analysis/model.json) out of sample
// against two baselines and writes docs/model-card.md with its reliability diagram,
// docs/model-card-reliability.svg. Deterministic: the bootstrap uses a fixed seed.
import { join } from "node:path";
import { callWasRight, decideCall } from "../api/analysis/calls.ts";
import { FEATURE_NAMES } from "../api/analysis/features.ts";
import { fitPlatt } from "../api/analysis/fit.ts";
import modelJson from "../api/analysis/model.json" with { type: "json" };
import { type ModelParams, predict, sigmoid } from "../api/analysis/model.ts";
import {
  aucScorer,
  type Bin,
  baseRate,
  brier,
  correlation,
  expectedCalibrationError,
  logLoss,
  probabilityDeciles,
  reliabilityBins,
} from "./model/metrics.ts";
import { buildSamples, HORIZON, type Sample, SPLITS, STEP } from "./model/samples.ts";

const started = performance.now();
const model = modelJson as unknown as ModelParams;
if (
  model.horizonDays !== HORIZON ||
  JSON.stringify(model.splits) !== JSON.stringify(SPLITS) ||
  model.features.join() !== FEATURE_NAMES.join()
)
  throw new Error(
    "api/analysis/model.json was trained with other settings: run bun scripts/train-model.ts first",
  );

const { series, train, calibration, test } = await buildSamples();
const sampleSeconds = (performance.now() - started) / 1000;

// Baseline (a): always the base rate of the calibration year, so it is out of sample on the test period.
const calibrationBaseRate = baseRate(calibration.map((s) => s.up));

// Baseline (b): 12-1 month momentum, standardised with calibration-year statistics (clipped like the model's
// features) and turned into a probability by Platt scaling fitted on the calibration year only.
const momentumScale = (() => {
  const m = calibration.map((s) => s.momentum12to1);
  const mean = m.reduce((a, v) => a + v, 0) / m.length;
  const sd = Math.sqrt(m.reduce((a, v) => a + (v - mean) ** 2, 0) / (m.length - 1));
  return { mean, sd };
})();
const momentumZ = (s: Sample) =>
  Math.max(-5, Math.min(5, (s.momentum12to1 - momentumScale.mean) / momentumScale.sd));
const momentumPlatt = fitPlatt(
  calibration.map(momentumZ),
  calibration.map((s) => s.up),
);

const predictors = {
  model: (s: Sample) => predict(model, s.features, s.date).probabilityUp,
  baseRate: (_: Sample) => calibrationBaseRate,
  momentum: (s: Sample) => sigmoid(momentumPlatt.a * momentumZ(s) + momentumPlatt.b),
};
type Method = keyof typeof predictors;
const METHODS = Object.keys(predictors) as Method[];
const LABELS: Record<Method, string> = {
  model: "model",
  baseRate: "always the base rate",
  momentum: "12-1 month momentum",
};

interface Scores {
  p: number[];
  auc: number;
  brier: number;
  logLoss: number;
  ece: number;
  bins: Bin[];
  deciles: Bin[];
}
function score(set: Sample[], method: Method): Scores {
  const p = set.map(predictors[method]);
  const y = set.map((s) => s.up);
  const bins = reliabilityBins(p, y);
  return {
    p,
    auc: aucScorer(p, y)(),
    brier: brier(p, y),
    logLoss: logLoss(p, y),
    ece: expectedCalibrationError(bins),
    bins,
    deciles: probabilityDeciles(p, y),
  };
}
const evaluate = (set: Sample[]) =>
  Object.fromEntries(METHODS.map((m) => [m, score(set, m)])) as Record<Method, Scores>;
const testScores = evaluate(test);
const calibrationScores = evaluate(calibration);

// Uncertainty: samples overlap in time (a 20-session horizon every 5 sessions) and stocks on one date move
// together, so resample whole calendar months of the test period (block bootstrap, fixed seed).
const BOOTSTRAP = 1000;
const bootstrap = (() => {
  let seed = 20240501;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const months = [...new Set(test.map((s) => s.date.slice(0, 7)))];
  const monthOf = test.map((s) => months.indexOf(s.date.slice(0, 7)));
  const y = test.map((s) => s.up);
  const aucOf = { model: aucScorer(testScores.model.p, y), momentum: aucScorer(testScores.momentum.p, y) };
  const squaredError = (m: Method) => testScores[m].p.map((pi, i) => (pi - y[i]!) ** 2);
  const errors = {
    model: squaredError("model"),
    baseRate: squaredError("baseRate"),
    momentum: squaredError("momentum"),
  };
  const draws = {
    modelAuc: [] as number[],
    momentumAuc: [] as number[],
    modelVsMomentumAuc: [] as number[],
    modelBrierGain: [] as number[],
    momentumBrierGain: [] as number[],
  };
  for (let r = 0; r < BOOTSTRAP; r++) {
    const picks = new Array<number>(months.length).fill(0);
    for (let k = 0; k < months.length; k++) picks[Math.floor(random() * months.length)]!++;
    const weights = monthOf.map((m) => picks[m]!);
    const total = weights.reduce((a, w) => a + w, 0);
    const meanOf = (xs: number[]) => xs.reduce((a, v, i) => a + v * weights[i]!, 0) / total;
    const modelAuc = aucOf.model(weights);
    const momentumAuc = aucOf.momentum(weights);
    const baseBrier = meanOf(errors.baseRate);
    draws.modelAuc.push(modelAuc);
    draws.momentumAuc.push(momentumAuc);
    draws.modelVsMomentumAuc.push(modelAuc - momentumAuc);
    draws.modelBrierGain.push(baseBrier - meanOf(errors.model));
    draws.momentumBrierGain.push(baseBrier - meanOf(errors.momentum));
  }
  const interval = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return [sorted[Math.floor(0.05 * sorted.length)]!, sorted[Math.ceil(0.95 * sorted.length) - 1]!] as const;
  };
  return {
    months: months.length,
    modelAuc: interval(draws.modelAuc),
    momentumAuc: interval(draws.momentumAuc),
    modelVsMomentumAuc: interval(draws.modelVsMomentumAuc),
    modelBrierGain: interval(draws.modelBrierGain),
    momentumBrierGain: interval(draws.momentumBrierGain),
  };
})();

// The model's own extras: its expected return and the calls it makes.
const testExtras = (() => {
  const predictions = test.map((s) => predict(model, s.features, s.date));
  const calls = test.map((s, i) => {
    const decision = decideCall(predictions[i]!.probabilityUp, s.features);
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
  return {
    corr: correlation(
      predictions.map((p) => p.expectedReturn),
      test.map((s) => s.forward),
    ),
    bands: [
      { label: "below 60", ...band(0, 60) },
      { label: "60-79", ...band(60, 80) },
      { label: "80 and above", ...band(80, 101) },
    ],
    byCall: (["BUY", "SELL", "HOLD", "WATCH"] as const).map((call) => {
      const of = calls.filter((c) => c.call === call);
      return { call, n: of.length, hit: of.filter((c) => c.right).length / (of.length || 1) };
    }),
  };
})();
const calibrationCorr = correlation(
  calibration.map((s) => predict(model, s.features, s.date).expectedReturn),
  calibration.map((s) => s.forward),
);

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const f3 = (x: number) => x.toFixed(3);
const f4 = (x: number) => x.toFixed(4);
const signed = (x: number, digits: number) => `${x >= 0 ? "+" : "-"}${Math.abs(x).toFixed(digits)}`;
const count = (n: number) => n.toLocaleString("en-US");
const range = (xs: readonly number[]) => [Math.min(...xs), Math.max(...xs)] as const;
const modelRange = range(testScores.model.p);
const momentumRange = range(testScores.momentum.p);
const testRate = baseRate(test.map((s) => s.up));
const calibrationRate = calibrationBaseRate;

// Reliability diagram: one point per decile of each method's predictions on the test period, on axes zoomed to
// where the points are (every prediction lies within a few points of 50%).
const svg = (() => {
  const width = 760;
  const height = 560;
  const left = 80;
  const top = 56;
  const size = 420;
  const points = METHODS.flatMap((m) => testScores[m].deciles.flatMap((d) => [d.predicted, d.observed]));
  const lo = Math.floor((Math.min(...points) - 0.01) / 0.05) * 0.05;
  const hi = Math.ceil((Math.max(...points) + 0.01) / 0.05) * 0.05;
  const sx = (v: number) => (left + ((v - lo) / (hi - lo)) * size).toFixed(1);
  const sy = (v: number) => (top + size - ((v - lo) / (hi - lo)) * size).toFixed(1);
  const ticks: number[] = [];
  for (let t = Math.round(lo * 100); t <= Math.round(hi * 100); t++) ticks.push(t / 100);
  // Where a decile of a perfectly calibrated forecast would fall 95% of the time if its samples were independent.
  const decileSize = test.length / 10;
  const se = (v: number) => 1.96 * Math.sqrt((v * (1 - v)) / decileSize);
  const band = [
    ...ticks.map((t) => `${sx(t)},${sy(t + se(t))}`),
    ...[...ticks].reverse().map((t) => `${sx(t)},${sy(t - se(t))}`),
  ].join(" ");
  const colours: Record<Method, string> = { model: "#364fc7", momentum: "#e8590c", baseRate: "#2b8a3e" };
  const marker = (m: Method, x: string, y: string, title: string) => {
    const t = `<title>${title}</title>`;
    if (m === "model") return `<circle cx="${x}" cy="${y}" r="5" fill="${colours[m]}">${t}</circle>`;
    if (m === "momentum")
      return `<rect x="${(+x - 4.5).toFixed(1)}" y="${(+y - 4.5).toFixed(1)}" width="9" height="9" fill="${colours[m]}">${t}</rect>`;
    return `<path d="M${x} ${(+y - 8).toFixed(1)} l8 8 l-8 8 l-8 -8 z" fill="${colours[m]}">${t}</path>`;
  };
  const series = METHODS.map((m) => {
    const deciles = testScores[m].deciles;
    const line =
      deciles.length > 1
        ? `<polyline points="${deciles.map((d) => `${sx(d.predicted)},${sy(d.observed)}`).join(" ")}" fill="none" stroke="${colours[m]}" stroke-width="1.5" stroke-opacity="0.6"/>`
        : "";
    const marks = deciles.map((d) =>
      marker(
        m,
        sx(d.predicted),
        sy(d.observed),
        `${LABELS[m]}: ${count(d.n)} samples, predicted ${pct(d.predicted)}, observed ${pct(d.observed)}`,
      ),
    );
    return [line, ...marks].join("\n");
  });
  const legendX = left + size + 28;
  const legend = [
    [marker("model", String(legendX + 8), String(top + 14), "model"), "model (one point per decile)"],
    [marker("momentum", String(legendX + 8), String(top + 44), "momentum"), "12-1 month momentum"],
    [marker("baseRate", String(legendX + 8), String(top + 74), "base rate"), "always the base rate"],
    [
      `<line x1="${legendX}" y1="${top + 104}" x2="${legendX + 16}" y2="${top + 104}" stroke="#495057" stroke-dasharray="5 4"/>`,
      "perfect calibration",
    ],
    [
      `<rect x="${legendX}" y="${top + 126}" width="16" height="16" fill="#dee2e6"/>`,
      "95% range of a calibrated",
    ],
  ]
    .map(([mark, text], k) => `${mark}<text x="${legendX + 26}" y="${top + 18 + 30 * k}">${text}</text>`)
    .concat(
      [
        `decile of ${count(Math.round(decileSize))} independent`,
        "samples (ours overlap, so",
        "real noise is larger)",
      ].map((text, k) => `<text x="${legendX + 26}" y="${top + 152 + 16 * k}">${text}</text>`),
    );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13" fill="#212529">`,
    "<title>Reliability of the model and two baselines on the test period</title>",
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="28" font-size="15" font-weight="bold">Reliability on the test period (${SPLITS.testStart.slice(0, 7)} on), axes zoomed to ${Math.round(lo * 100)}-${Math.round(hi * 100)}%</text>`,
    `<clipPath id="plot"><rect x="${left}" y="${top}" width="${size}" height="${size}"/></clipPath>`,
    `<polygon points="${band}" fill="#dee2e6" clip-path="url(#plot)"/>`,
    ...ticks.map((t) => {
      const major = Math.round(t * 100) % 5 === 0;
      const colour = major ? "#ced4da" : "#f1f3f5";
      const grid = `<line x1="${sx(t)}" y1="${top}" x2="${sx(t)}" y2="${top + size}" stroke="${colour}"/><line x1="${left}" y1="${sy(t)}" x2="${left + size}" y2="${sy(t)}" stroke="${colour}"/>`;
      return major
        ? `${grid}<text x="${sx(t)}" y="${top + size + 20}" text-anchor="middle">${Math.round(t * 100)}%</text><text x="${left - 8}" y="${(+sy(t) + 4).toFixed(1)}" text-anchor="end">${Math.round(t * 100)}%</text>`
        : grid;
    }),
    `<line x1="${sx(lo)}" y1="${sy(lo)}" x2="${sx(hi)}" y2="${sy(hi)}" stroke="#495057" stroke-dasharray="5 4"/>`,
    `<rect x="${left}" y="${top}" width="${size}" height="${size}" fill="none" stroke="#495057"/>`,
    ...series,
    ...legend,
    `<text x="${left + size / 2}" y="${top + size + 48}" text-anchor="middle">mean predicted probability of beating the S&amp;P 500 over ${HORIZON} sessions</text>`,
    `<text x="24" y="${top + size / 2}" text-anchor="middle" transform="rotate(-90 24 ${top + size / 2})">observed share that beat the index</text>`,
    "</svg>",
  ].join("\n");
})();
await Bun.write(join(import.meta.dir, "../docs/model-card-reliability.svg"), `${svg}\n`);

const resultsTable = (scores: Record<Method, Scores>) =>
  [
    `| measure | ${METHODS.map((m) => LABELS[m]).join(" | ")} |`,
    `|---|${METHODS.map(() => "---").join("|")}|`,
    `| AUC | ${METHODS.map((m) => f3(scores[m].auc)).join(" | ")} |`,
    `| Brier score (lower is better) | ${METHODS.map((m) => f4(scores[m].brier)).join(" | ")} |`,
    `| log loss (nats) | ${METHODS.map((m) => f4(scores[m].logLoss)).join(" | ")} |`,
    `| expected calibration error (10 equal-width bins) | ${METHODS.map((m) => f3(scores[m].ece)).join(" | ")} |`,
  ].join("\n");

const binRows = testScores.model.bins
  .map((_, k) => k)
  .filter((k) => METHODS.some((m) => testScores[m].bins[k]!.n > 0))
  .map((k) => {
    const cells = METHODS.map((m) => {
      const bin = testScores[m].bins[k]!;
      return bin.n ? `${count(bin.n)} | ${pct(bin.predicted)} | ${pct(bin.observed)}` : "0 | - | -";
    });
    return `| ${k * 10}-${k * 10 + 10}% | ${cells.join(" | ")} |`;
  })
  .join("\n");
const decileRows = testScores.model.deciles
  .map((d, k) => {
    const momentum = testScores.momentum.deciles[k];
    const momentumCells = momentum
      ? `${count(momentum.n)} | ${pct(momentum.predicted)} | ${pct(momentum.observed)}`
      : "- | - | -";
    return `| ${k + 1} | ${count(d.n)} | ${pct(d.predicted)} | ${pct(d.observed)} | ${momentumCells} |`;
  })
  .join("\n");

// The honest-limits text follows the numbers: each claim is chosen by the figure it rests on.
const within = (interval: readonly [number, number], v: number) => interval[0] <= v && v <= interval[1];
const interval = (iv: readonly [number, number], digits: number) =>
  `90% interval ${signed(iv[0], digits).replace("+", "")} to ${signed(iv[1], digits).replace("+", "")}`;
const modelAuc = testScores.model.auc;
const momentumAuc = testScores.momentum.auc;
const modelHasEdge = !within(bootstrap.modelAuc, 0.5);
const momentumHasEdge = !within(bootstrap.momentumAuc, 0.5);
const brierVersusBase = (gain: readonly [number, number]) =>
  within(gain, 0) ? "cannot be told apart from" : gain[0] > 0 ? "beats" : "loses to";
const rankingLimit = [
  modelHasEdge
    ? `**The model ranks measurably, if slightly, better than chance out of sample**: test AUC ${f3(modelAuc)} (${interval(bootstrap.modelAuc, 3)}).`
    : `**The model has no measurable edge out of sample.** Its test AUC is ${f3(modelAuc)}, but the ${interval(bootstrap.modelAuc, 3)} contains 0.5, a coin toss.`,
  `12-1 month momentum scores ${f3(momentumAuc)} (${interval(bootstrap.momentumAuc, 3)}); the model minus momentum is ${signed(modelAuc - momentumAuc, 3)}`,
  `(${interval(bootstrap.modelVsMomentumAuc, 3)}), ${
    within(bootstrap.modelVsMomentumAuc, 0)
      ? "so neither ranks measurably better than the other."
      : bootstrap.modelVsMomentumAuc[0] > 0
        ? "so the model ranks measurably better than momentum."
        : "so momentum ranks measurably better than the model."
  }`,
  `On the Brier score the model (${f4(testScores.model.brier)}) ${brierVersusBase(bootstrap.modelBrierGain)} always predicting the`,
  `calibration year's base rate (${f4(testScores.baseRate.brier)}), and momentum (${f4(testScores.momentum.brier)}) ${brierVersusBase(bootstrap.momentumBrierGain)} it; the log loss`,
  `(${f4(testScores.model.logLoss)}, ${f4(testScores.baseRate.logLoss)}, ${f4(testScores.momentum.logLoss)}) tells the same story.`,
  modelHasEdge || momentumHasEdge
    ? ""
    : `In plain words: with these technical features, whether a stock beats the index over ${HORIZON} trading days is close to a coin toss; the model cannot pick the winners, and neither can the textbook momentum signal.`,
]
  .filter(Boolean)
  .join(" ");
const meanPrediction = testScores.model.p.reduce((a, v) => a + v, 0) / test.length;
const topAndBottom = (m: Method) => {
  const deciles = testScores[m].deciles;
  return `${pct(deciles.at(-1)!.observed)} in the top decile against ${pct(deciles[0]!.observed)} in the bottom one`;
};
const calibrationLimit = [
  `**What the model can do is not overstate.** All its test predictions lie between ${pct(modelRange[0])} and ${pct(modelRange[1])}`,
  `(momentum's between ${pct(momentumRange[0])} and ${pct(momentumRange[1])}), so the app's confidences sit near 50% and it shows them as they are`,
  "instead of stretching them. With predictions that narrow, the 10 equal-width bins hold almost every prediction in",
  `one bin, and the expected calibration error (model ${f3(testScores.model.ece)}, base rate ${f3(testScores.baseRate.ece)}, momentum ${f3(testScores.momentum.ece)}) mostly measures`,
  `the gap between the mean prediction and the observed share: the model predicts ${pct(meanPrediction)} on average, the base rate`,
  `${pct(calibrationRate)}, and ${pct(testRate)} of test samples beat the index. By decile, the model's samples beat the index`,
  `${topAndBottom("model")}; momentum's ${topAndBottom("momentum")}.`,
].join(" ");
const card = `# Model card: the analysis engine's probability of beating the market

Generated by \`bun scripts/evaluate-model.ts\` from the committed model (\`api/analysis/model.json\`, written by
\`bun scripts/train-model.ts\`) and the committed demo market (\`data/market/\`); do not edit by hand.

## What it predicts
The probability that a stock's total return (dividend-adjusted close) **beats the S&P 500's over the next ${HORIZON}
trading days** from the analysis date. A regularised logistic regression on ${FEATURE_NAMES.length} technical features (returns over 1, 3, 6 and 12
months; price against its 50- and 200-day averages; MACD histogram; RSI 14; ATR 14; 20- and 60-day volatility;
position in the 52-week range; volume trend; 3- and 6-month return relative to the S&P 500), standardised with
training statistics, plus the index's own 1- and 3-month return and distance from its 200-day average. Indicators come
from \`trading-signals\`. A ridge regression on the same features gives the expected excess return behind
\`projectedPrice\` (projected price = price x (1 + index's long-run ${HORIZON}-day drift + expected excess return)). News
sentiment is shown in analyses but is **not** a model input: the demo market has no historical headlines to train on.

## From probability to call and confidence
p = calibrated probability of beating the index. BUY when p >= 55% (confidence p), SELL when p <= 45% (confidence
1 - p); otherwise HOLD in an uptrend (price above its 200-day average; confidence p) or WATCH (confidence 1 - p).
So every confidence is the calibrated probability that its call comes true over the horizon.

## Data and split (walk-forward by date, no look-ahead)
- Universe: ${series.size - 1} S&P 500 members (as of 2023) and the S&P 500 index, daily, ${[...series.values()][0]?.[0]?.date} to ${SPLITS.testEnd}.
- One sample every ${STEP} sessions per stock. Features use only sessions on or before the sample date.
- Train: samples whose label date is on or before ${SPLITS.trainEnd} (${count(train.length)} samples).
- Calibrate (Platt scaling): ${
  model.calibration.length === 1
    ? `one fit on the calibration year ${SPLITS.calibrationStart.slice(0, 4)} (${count(calibration.length)} samples dated in it whose outcome was also known within it), used for the whole test period.`
    : `${model.calibration.length} monthly fits from ${model.calibration[0]!.month} on, each on samples whose outcome was known before its month began; the first uses the calibration year ${SPLITS.calibrationStart.slice(0, 4)} (${count(calibration.length)} samples).`
}
- Test: samples from ${SPLITS.testStart} to the end of the data (${count(test.length)}, dated in ${bootstrap.months} calendar months), never seen in
  training or calibration. The seeded track record (weekly recommendations over the last year of data) falls inside
  this period.

## Baselines
Both are fitted on the calibration year only, like the model's calibration, so they are out of sample on the test period.
- **Always the base rate**: every sample gets the calibration year's share of stocks that beat the index,
  ${pct(calibrationRate)}. It cannot rank (AUC 0.5 by construction); it is the score to beat.
- **12-1 month momentum**: the return from 12 months (252 sessions) to 1 month (21 sessions) before the date, the
  classic momentum signal that skips the last month. Standardised with the calibration year's mean and standard
  deviation (clipped at 5 standard deviations) and turned into a probability by Platt scaling on the calibration year:
  p = sigmoid(${f3(momentumPlatt.a)} z ${momentumPlatt.b < 0 ? "-" : "+"} ${f3(Math.abs(momentumPlatt.b))}). ${
    momentumPlatt.a < 0
      ? "The negative slope means that in 2021 past winners tended to trail the index (a reversal), so the fit bets against momentum."
      : "The positive slope means past winners tended to keep beating the index in the calibration year."
  }

## Out-of-sample results (test period)
${count(test.length)} samples; ${pct(testRate)} of them beat the index.

${resultsTable(testScores)}

Uncertainty, resampling whole calendar months of the test period (${BOOTSTRAP} draws, fixed seed; samples overlap in time
and stocks on one date move together, so the sample count overstates the information, and ${bootstrap.months} months make
these intervals rough), 90% intervals:
- model AUC ${f3(bootstrap.modelAuc[0])} to ${f3(bootstrap.modelAuc[1])}; momentum AUC ${f3(bootstrap.momentumAuc[0])} to ${f3(bootstrap.momentumAuc[1])}; model minus momentum ${signed(bootstrap.modelVsMomentumAuc[0], 3)} to ${signed(bootstrap.modelVsMomentumAuc[1], 3)}.
- Brier score of the base rate minus the model's (above zero means the model is better): ${signed(bootstrap.modelBrierGain[0], 4)} to ${signed(bootstrap.modelBrierGain[1], 4)};
  minus momentum's: ${signed(bootstrap.momentumBrierGain[0], 4)} to ${signed(bootstrap.momentumBrierGain[1], 4)}.

The model's expected excess return correlates ${f3(testExtras.corr)} with the realised one (calibration year ${f3(calibrationCorr)}).

### For comparison: the calibration year
${count(calibration.length)} samples; ${pct(calibrationRate)} beat the index. The model's weights never saw this year, but its
Platt scaling, the base rate and the momentum fit were all fitted on it, so its calibration figures are in sample.

${resultsTable(calibrationScores)}

### Hit rate per decile of the predicted probability (test period)
Samples sorted by predicted probability and cut into ten groups of equal size; "observed" is the share that beat the
index. The base rate predicts ${pct(calibrationRate)} for every sample, so it has a single group: ${pct(testRate)} observed.

| decile | model: samples | mean predicted | observed | momentum: samples | mean predicted | observed |
|---|---|---|---|---|---|---|
${decileRows}

![Reliability diagram of the model, 12-1 momentum and the base rate on the test period](model-card-reliability.svg)

### Reliability in 10 equal-width bins (test period; the bins of the expected calibration error)
| predicted probability | model: samples | mean predicted | observed | base rate: samples | mean predicted | observed | momentum: samples | mean predicted | observed |
|---|---|---|---|---|---|---|---|---|---|
${binRows}

### Calls by stated confidence (test period)
| confidence band | calls | mean stated confidence | came true |
|---|---|---|---|
${testExtras.bands.map((b) => `| ${b.label} | ${count(b.n)} | ${b.n ? pct(b.stated) : "-"} | ${b.n ? pct(b.hit) : "-"} |`).join("\n")}

| call | count | came true |
|---|---|---|
${testExtras.byCall.map((c) => `| ${c.call} | ${count(c.n)} | ${c.n ? pct(c.hit) : "-"} |`).join("\n")}

## Honest limits
- **Survivorship bias**: the universe is the index's members as of 2023, so stocks that fell out of the index before
  then are missing; back-tests on it look better than reality would.
- ${rankingLimit}
- ${calibrationLimit}
- A model of the stock's own direction ranked better (test AUC about 0.56) but its probabilities were 15-25 points
  too high after the 2021 bull market turned into the 2022 bear market, so it was not shipped: a confidence that is not
  calibrated is not honest.
- The test period (${SPLITS.testStart.slice(0, 4)}-${SPLITS.testEnd.slice(0, 4)}) holds one bear and one recovery market; calibration can drift in other regimes.

## Related
The earnings calendar's growth probability and its estimated report dates are measured in
[earnings-model.md](earnings-model.md) (\`bun scripts/evaluate-earnings.ts\`).

## Reproduce
\`bun scripts/train-model.ts\` retrains and rewrites \`api/analysis/model.json\` (its run time is printed by
\`bun run bench\`); \`bun scripts/evaluate-model.ts\` then writes this card and the diagram (samples ${sampleSeconds.toFixed(1)} s, whole run
${((performance.now() - started) / 1000).toFixed(1)} s on a 2-core machine).
`;
await Bun.write(join(import.meta.dir, "../docs/model-card.md"), card);
console.log(
  `Test period: AUC model ${f3(testScores.model.auc)}, base rate ${f3(testScores.baseRate.auc)}, momentum ${f3(testScores.momentum.auc)}; Brier ${f4(testScores.model.brier)}, ${f4(testScores.baseRate.brier)}, ${f4(testScores.momentum.brier)}; ECE ${f3(testScores.model.ece)}, ${f3(testScores.baseRate.ece)}, ${f3(testScores.momentum.ece)}. Wrote docs/model-card.md in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
