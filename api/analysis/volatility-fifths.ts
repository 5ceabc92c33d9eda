// Which fifth of its date's stocks by 60-day volatility a stock is in (1 calmest .. 5 most volatile): the groups the
// model card measures each stock's range in, and the groups the range is fitted per (decision 121). One rule for
// the scripts that fit and measure it and for the engine that serves it.

/** Each stock's fifth among the date's stocks: sorted by volatility (ties by symbol), fifth = floor(5k / n) + 1. */
export function volatilityFifths(vols: readonly number[], symbols: readonly string[]): number[] {
  const order = vols
    .map((_, k) => k)
    .sort((a, b) => vols[a]! - vols[b]! || symbols[a]!.localeCompare(symbols[b]!));
  const out = new Array<number>(vols.length);
  order.forEach((k, rank) => {
    out[k] = Math.floor((rank * 5) / order.length) + 1;
  });
  return out;
}

/** The fifth of a stock outside the date's stocks, by how many of them (volatility, ascending) are calmer. */
export function volatilityFifthAmong(volsAscending: readonly number[], vol: number): number {
  if (!volsAscending.length) return 3;
  let lo = 0;
  let hi = volsAscending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (volsAscending[mid]! < vol) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(5, Math.floor((lo * 5) / volsAscending.length) + 1);
}
