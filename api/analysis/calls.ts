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
 * The event a call states, read the same way for every stock with the same call (docs/decisions/126-one-vocabulary.md):
 * a SELL, and a WATCH at the bottom edge, state trailing the universe's median stock; a BUY, a HOLD and a WATCH at
 * the top edge state beating it. Its calibrated probability is what `confidence` shows, so a HOLD in the lower half
 * says "47% chance to beat", never "53% chance to trail" beside another HOLD's "50% chance to beat".
 */
export function statedEventOf(decile: number, call: Call): "beat" | "trail" {
  return call === "SELL" || (call === "WATCH" && decile <= 5) ? "trail" : "beat";
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
