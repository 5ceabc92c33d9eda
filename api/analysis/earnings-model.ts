import modelJson from "./earnings-model.json" with { type: "json" };
import { sigmoid } from "./ranker.ts";

/** The post-report model as committed by scripts/evaluate-earnings.ts. */
export interface EarningsModel {
  version: string;
  features: readonly string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  platt: { a: number; b: number };
}

export const EARNINGS_MODEL = modelJson as unknown as EarningsModel;

/** Calibrated probability that the close 5 sessions after the report is above the close before it. */
export function earningsProbability(x: readonly number[], model: EarningsModel = EARNINGS_MODEL): number {
  let logit = model.bias;
  x.forEach((v, j) => {
    const z = Math.max(-5, Math.min(5, (v - model.mean[j]!) / (model.std[j]! || 1)));
    logit += model.weights[j]! * z;
  });
  return sigmoid(model.platt.a * logit + model.platt.b);
}
