import { FEATURE_NAMES, type FeatureVector } from "./features.ts";

/** The fitted model as committed in model.json: written by scripts/train-model.ts, read here. */
export interface ModelParams {
  version: string;
  horizonDays: number;
  features: readonly string[];
  mean: number[];
  std: number[];
  /** Logistic regression on standardised features: P(total return beats the index's over horizonDays). */
  weights: number[];
  bias: number;
  /**
   * Walk-forward Platt scaling, p = sigmoid(a * logit + b): one entry per month, each fitted only on samples
   * whose outcome was known before that month began (the trailing twelve months).
   */
  calibration: Array<{ month: string; a: number; b: number }>;
  /** Ridge regression of the horizon's excess return over the index on the same standardised features. */
  /** The index's mean return over the horizon in the training period, added to the excess for a price target. */
  indexDrift: number;
  returnWeights: number[];
  returnBias: number;
  splits: {
    trainEnd: string;
    calibrationStart: string;
    calibrationEnd: string;
    testStart: string;
    testEnd: string;
  };
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function standardise(model: ModelParams, features: FeatureVector): number[] {
  return FEATURE_NAMES.map((name, j) => {
    const z = (features[name] - model.mean[j]!) / (model.std[j]! || 1);
    // Clip extreme values so one outlier cannot dominate the score.
    return Math.max(-5, Math.min(5, z));
  });
}

export interface Prediction {
  /** Calibrated probability that the stock's total return beats the index's over the horizon. */
  probabilityUp: number;
  /** Uncalibrated logit, for ranking and diagnostics. */
  logit: number;
  /** Expected excess return over the index for the horizon (ridge regression). */
  expectedReturn: number;
  /** Each feature's contribution to the logit (weight times standardised value). */
  contributions: Array<{ name: string; value: number; contribution: number }>;
}

/** The calibration in force on `asOf`: the latest month that started on or before it. */
export function calibrationFor(model: ModelParams, asOf: string): { a: number; b: number } {
  const month = asOf.slice(0, 7);
  let chosen = model.calibration[0]!;
  for (const entry of model.calibration) if (entry.month <= month) chosen = entry;
  return chosen;
}

export function predict(model: ModelParams, features: FeatureVector, asOf: string): Prediction {
  const x = standardise(model, features);
  let logit = model.bias;
  let expectedReturn = model.returnBias;
  const contributions = x.map((v, j) => {
    const contribution = model.weights[j]! * v;
    logit += contribution;
    expectedReturn += model.returnWeights[j]! * v;
    return { name: FEATURE_NAMES[j]!, value: features[FEATURE_NAMES[j]!], contribution };
  });
  return {
    probabilityUp: (() => {
      const { a, b } = calibrationFor(model, asOf);
      return sigmoid(a * logit + b);
    })(),
    logit,
    expectedReturn,
    contributions,
  };
}
