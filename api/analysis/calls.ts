// From a stock's decile among the universe to the call shown (docs/decisions/015-ranking-model.md): the edges of
// the ranking are where the model has measurably done better than chance, so only they get BUY or SELL.
export type Call = "BUY" | "SELL" | "HOLD" | "WATCH";

/** Decile 10 BUY, 9 WATCH, 3-8 HOLD, 2 WATCH, 1 SELL. */
export function callForDecile(decile: number): Call {
  if (decile >= 10) return "BUY";
  if (decile === 9 || decile === 2) return "WATCH";
  if (decile <= 1) return "SELL";
  return "HOLD";
}

/**
 * The event a call states: beating the universe's median stock for the upper half of the ranking, trailing it for
 * the lower half; its calibrated probability is what `confidence` shows.
 */
export function statedEventOf(decile: number): "beat" | "trail" {
  return decile >= 6 ? "beat" : "trail";
}

/**
 * The call for a decile, held to the expected excess return it comes with: a BUY must expect to beat the median
 * stock and a SELL to trail it; without that evidence (a model whose calibration says 50%) the edge call is HOLD.
 */
export function callFor(decile: number, expectedExcessReturn: number): Call {
  const call = callForDecile(decile);
  if (call === "BUY" && !(expectedExcessReturn > 0)) return "HOLD";
  if (call === "SELL" && !(expectedExcessReturn < 0)) return "HOLD";
  return call;
}
