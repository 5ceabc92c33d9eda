// The cross-sectional ranking model: scores every stock of a date, places each score among the universe's, and
// turns that place into a decile, a call, the calibrated probability of beating (or trailing) the universe's median
// stock over the horizon, and an expected return with an 80% interval. See docs/model-card.md for how well it does.
import type { Call } from "./calls.ts";
import { callForDecile, statedEventOf } from "./calls.ts";
import { positionAmong, positionsWithin } from "./cross-section.ts";
import { FEATURE_NAMES, type FeatureName } from "./features.ts";
import { contributions, type Forest, rawScore } from "./trees.ts";

export interface DecileStats {
  decile: number;
  /** Mean of (stock's total return - the date's median stock's) over the horizon, on the calibration year. */
  meanExcess: number;
  /** drift + meanExcess: the expected total return over the horizon. */
  expectedReturn: number;
  /** 10th and 90th percentiles of drift-plus-excess outcomes: the 80% interval of the total return. */
  low: number;
  high: number;
  samples: number;
}

/** A model as committed in api/analysis/models/ranker-YYYY.json (written by scripts/train-model.ts). */
export interface RankerModel extends Forest {
  version: string;
  horizonDays: number;
  features: readonly string[];
  /** P(total return beats the universe median) = sigmoid(slope * s), s = the score's place in [-1, 1]. */
  calibration: { slope: number; fittedSlope: number; samples: number; from: string; to: string };
  /** The median stock's mean total return over the horizon on the training dates. */
  drift: number;
  deciles: DecileStats[];
  /** Labels of training samples end by trainLabelsEnd; the model serves dates from servesFrom on. */
  splits: { trainLabelsEnd: string; calibrationStart: string; calibrationEnd: string; servesFrom: string };
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
  expectedReturn: number;
  expectedReturnLow: number;
  expectedReturnHigh: number;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function decileOf(position: number): number {
  return Math.min(10, Math.floor(position * 10) + 1);
}

function rankedFrom(model: RankerModel, symbol: string, raw: number, position: number): Ranked {
  const decile = decileOf(position);
  const probabilityBeat = sigmoid(model.calibration.slope * (2 * position - 1));
  const event = statedEventOf(decile);
  const stats = model.deciles[decile - 1]!;
  return {
    symbol,
    raw,
    position,
    decile,
    call: callForDecile(decile),
    probabilityBeat,
    event,
    probability: event === "beat" ? probabilityBeat : 1 - probabilityBeat,
    expectedReturn: stats.expectedReturn,
    expectedReturnLow: stats.low,
    expectedReturnHigh: stats.high,
  };
}

/** Ranks a date's universe: `inputs` are the model inputs of each stock (api/analysis/cross-section.ts). */
export function rankUniverse(
  model: RankerModel,
  symbols: readonly string[],
  inputs: readonly number[][],
): Ranked[] {
  const raws = inputs.map((x) => rawScore(model, x));
  const positions = positionsWithin(raws);
  return symbols.map((symbol, k) => rankedFrom(model, symbol, raws[k]!, positions[k]!));
}

/** Ranks a symbol outside the universe against the universe's scores on that date (ascending). */
export function rankOutsider(
  model: RankerModel,
  symbol: string,
  input: readonly number[],
  universeScoresAscending: readonly number[],
): Ranked {
  const raw = rawScore(model, input);
  return rankedFrom(model, symbol, raw, positionAmong(universeScoresAscending, raw));
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
