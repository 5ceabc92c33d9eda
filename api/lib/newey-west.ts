// Newey-West (Bartlett) errors for series whose terms overlap: the track record's per-date rates and the model
// card's decile spreads (60-session outcomes measured every 5 sessions share most of their days).

/**
 * Newey-West (Bartlett) long-run variance of a sum of residuals in date order: terms up to `lag` apart are let
 * covary (their horizons overlap). In the track record a residual is one date's calls together (one cluster).
 */
export function neweyWestVariance(residuals: readonly number[], lag: number): number {
  let s = 0;
  for (const u of residuals) s += u * u;
  for (let l = 1; l <= lag && l < residuals.length; l++) {
    const w = 1 - l / (lag + 1);
    let c = 0;
    for (let t = l; t < residuals.length; t++) c += residuals[t]! * residuals[t - l]!;
    s += 2 * w * c;
  }
  return Math.max(0, s);
}
