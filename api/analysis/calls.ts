import type { FeatureVector } from "./features.ts";

export type Call = "BUY" | "SELL" | "HOLD" | "WATCH";

/** Probability of beating the index at or above which the call is BUY, and at or below one minus it SELL. */
export const DIRECTIONAL_THRESHOLD = 0.55;

/**
 * Turns the calibrated probability of beating the index into a call and the probability that the call is right:
 * BUY (right if it beats the index) and SELL (right if it does not) when the model leans clearly; otherwise HOLD
 * in an uptrend (right if it beats the index) or WATCH (right if it does not).
 */
export function decideCall(
  probabilityUp: number,
  features: Pick<FeatureVector, "px_sma200">,
): { call: Call; probabilityRight: number } {
  if (probabilityUp >= DIRECTIONAL_THRESHOLD) return { call: "BUY", probabilityRight: probabilityUp };
  if (probabilityUp <= 1 - DIRECTIONAL_THRESHOLD)
    return { call: "SELL", probabilityRight: 1 - probabilityUp };
  if (features.px_sma200 > 0) return { call: "HOLD", probabilityRight: probabilityUp };
  return { call: "WATCH", probabilityRight: 1 - probabilityUp };
}

/** Whether a call came true given whether the stock beat the index over the horizon. */
export function callWasRight(call: Call, beatIndex: boolean): boolean {
  return call === "BUY" || call === "HOLD" ? beatIndex : !beatIndex;
}
