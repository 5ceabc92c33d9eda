// The cross-sectional ranking model: scores every stock of a date, places each score among the universe's, and
// turns that place into a decile, a call, the calibrated probability of beating (or trailing) the universe's median
// stock over the horizon, and an expected return with a range fitted to hold 80% of outcomes. See docs/model-card.md
// for how well it does.
import type { Call } from "./calls.ts";
import { callFor, statedEventOf } from "./calls.ts";
import { positionAmong, positionsWithin } from "./cross-section.ts";
import { FEATURE_NAMES, type FeatureName } from "./features.ts";
import { contributions, type Forest, rawScore } from "./trees.ts";
import { volatilityFifthAmong, volatilityFifths } from "./volatility-fifths.ts";

export interface DecileStats {
  decile: number;
  /** Mean of (stock's total return - the date's median stock's) over the horizon, on the calibration evidence. */
  meanExcess: number;
  samples: number;
}

/**
 * How a probability becomes an expected excess return (docs/decisions/066-calls-that-agree.md). A stock's excess
 * return over the horizon, divided by its own horizon volatility s (vol_60d * sqrt(h / 252)), is taken as
 * z ~ scale * N(mu, 1): then P(excess > 0) = p gives mu = probit(p), so the expected excess is
 * `scale * probit(p) * s` (positive exactly when p > 50%). `volFloor` (annualised, fitted on the same evidence) is
 * added in quadrature to vol_60d: a calm stock's excess over the median moves more than its own volatility says.
 * `low` and `high` (the 10th and 90th percentiles of z - scale * probit(p) on the model's own evidence) are kept as
 * the model was trained; the served 80% range uses one band per volatility fifth instead (`RangeBand`, decision 121).
 */
export interface ExcessModel {
  scale: number;
  low: number;
  high: number;
  samples: number;
  volFloor?: number;
}

/** A model as committed in api/analysis/models/ranker-*.json (written by scripts/train-model.ts). */
/**
 * One volatility fifth's 80% range, in units of s: range = expected + [low, high] x s (decision 121). Five of them,
 * calmest fifth first, fitted by scripts/evaluate-model.ts (api/analysis/range-calibration.json).
 */
export interface RangeBand {
  low: number;
  high: number;
}

export interface RankerModel extends Forest {
  version: string;
  horizonDays: number;
  features: readonly string[];
  /** P(total return beats the universe median) = sigmoid(slope * s), s = the score's place in [-1, 1]. */
  calibration: { slope: number; fittedSlope: number; samples: number; from: string; to: string };
  excess: ExcessModel;
  deciles: DecileStats[];
  /** The last date an outcome the model was trained on is known. */
  trainedThrough: string;
  /** Labels of training samples end by trainLabelsEnd; the model serves dates servesFrom to servesUntil. */
  splits: {
    trainLabelsEnd: string;
    calibrationStart: string;
    calibrationEnd: string;
    servesFrom: string;
    servesUntil: string;
  };
}

export interface Ranked {
  symbol: string;
  raw: number;
  /** The score's place among the date's universe, 0 (worst) to 1 (best). */
  position: number;
  /** 1-10, 10 best. */
  decile: number;
  call: Call;
  /** Calibrated probability that the total return beats the universe's median over the horizon. */
  probabilityBeat: number;
  /** The event the call states, and its calibrated probability. */
  event: "beat" | "trail";
  probability: number;
  /** The stock's fifth by 60-day volatility among the date's members (1 calmest), whose band sets its range. */
  volatilityFifth: number;
  /** Expected total return minus the median member's over the horizon, and its range fitted to hold 80% of outcomes (fractions). */
  expectedExcessReturn: number;
  expectedExcessLow: number;
  expectedExcessHigh: number;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function decileOf(position: number): number {
  return Math.min(10, Math.floor(position * 10) + 1);
}

/** The inverse of the standard normal distribution function (Acklam's rational approximation, |error| < 1.2e-9). */
export function probit(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** A stock's volatility over the horizon: its annualised 60-day volatility scaled to `horizonDays` sessions. */
export const horizonVolatility = (vol60d: number, horizonDays: number) =>
  vol60d * Math.sqrt(horizonDays / 252);

/** s: the stock's 60-day volatility with the model's floor added in quadrature, over the model's horizon. */
export function rangeUnit(model: RankerModel, vol60d: number): number {
  const floor = model.excess.volFloor ?? 0;
  return horizonVolatility(Math.sqrt(vol60d * vol60d + floor * floor), model.horizonDays);
}

/** The expected excess return and its 80% range for a probability of beating the median, a volatility and a band. */
export function excessOf(model: RankerModel, probabilityBeat: number, vol60d: number, band: RangeBand) {
  const s = rangeUnit(model, vol60d);
  const expected = model.excess.scale * probit(probabilityBeat) * s;
  return { expected, low: expected + band.low * s, high: expected + band.high * s };
}

function rankedFrom(
  model: RankerModel,
  symbol: string,
  raw: number,
  position: number,
  vol60d: number,
  fifth: number,
  bands: readonly RangeBand[],
): Ranked {
  const decile = decileOf(position);
  const probabilityBeat = sigmoid(model.calibration.slope * (2 * position - 1));
  const excess = excessOf(model, probabilityBeat, vol60d, bands[fifth - 1]!);
  const call = callFor(decile, excess.expected);
  const event = statedEventOf(decile, call);
  return {
    symbol,
    raw,
    position,
    decile,
    call,
    probabilityBeat,
    event,
    probability: event === "beat" ? probabilityBeat : 1 - probabilityBeat,
    volatilityFifth: fifth,
    expectedExcessReturn: excess.expected,
    expectedExcessLow: excess.low,
    expectedExcessHigh: excess.high,
  };
}

/**
 * Ranks a date's universe: `inputs` are the model inputs of each stock (api/analysis/cross-section.ts), `vols` each
 * stock's annualised 60-day volatility, `bands` the range of each volatility fifth.
 */
export function rankUniverse(
  model: RankerModel,
  symbols: readonly string[],
  inputs: readonly number[][],
  vols: readonly number[],
  bands: readonly RangeBand[],
): Ranked[] {
  const raws = inputs.map((x) => rawScore(model, x));
  const positions = positionsWithin(raws);
  const fifths = volatilityFifths(vols, symbols);
  return symbols.map((symbol, k) =>
    rankedFrom(model, symbol, raws[k]!, positions[k]!, vols[k]!, fifths[k]!, bands),
  );
}

/**
 * Ranks a symbol outside the universe against the universe's scores on that date (ascending), and places its
 * volatility among the universe's (ascending).
 */
export function rankOutsider(
  model: RankerModel,
  symbol: string,
  input: readonly number[],
  universe: { scoresAscending: readonly number[]; volsAscending: readonly number[] },
  vol60d: number,
  bands: readonly RangeBand[],
): Ranked {
  const raw = rawScore(model, input);
  const fifth = volatilityFifthAmong(universe.volsAscending, vol60d);
  return rankedFrom(model, symbol, raw, positionAmong(universe.scoresAscending, raw), vol60d, fifth, bands);
}

export interface Factor {
  name: FeatureName;
  /** The input as the model saw it (the rank in [-1, 1] for stock features). */
  input: number;
  /** Its contribution to the raw score along the trees' decision paths. */
  contribution: number;
}

/** The inputs that moved this stock's score the most, largest effect first. */
export function topFactors(model: RankerModel, input: readonly number[], count = 4): Factor[] {
  const { contributions: c } = contributions(model, input, FEATURE_NAMES.length);
  return FEATURE_NAMES.map((name, j) => ({ name, input: input[j]!, contribution: c[j]! }))
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.name.localeCompare(b.name))
    .slice(0, count);
}
