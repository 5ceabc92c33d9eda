// The ranking model sees each stock relative to the universe on the same date: every stock feature becomes its
// rank among the other stocks, scaled to [-1, 1]. Market features are shared by all stocks of a date.
import {
  FEATURE_NAMES,
  type MarketFeatures,
  STOCK_FEATURES,
  type StockFeatureName,
  type StockFeatures,
} from "./features.ts";

export interface CrossSectionRow {
  symbol: string;
  stock: StockFeatures;
}

/**
 * Where `x` stands among `others` (ascending), as (count below + half the count equal) / count, in [0, 1]; 0.5
 * when there is nobody to compare with. A stock of the universe is placed among the other stocks, an outside
 * symbol among all of them, by the same formula.
 */
export function positionAmong(others: readonly number[], x: number): number {
  if (!others.length) return 0.5;
  let lo = 0;
  let hi = others.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (others[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < others.length && others[end] === x) end++;
  return (lo + (end - lo) / 2) / others.length;
}

/** Positions of every value among the others in the same list (ties share their average position). */
export function positionsWithin(values: readonly number[]): number[] {
  const n = values.length;
  if (n < 2) return values.map(() => 0.5);
  const order = values.map((_, k) => k).sort((a, b) => values[a]! - values[b]!);
  const out = new Array<number>(n);
  let start = 0;
  while (start < n) {
    let end = start;
    while (end + 1 < n && values[order[end + 1]!] === values[order[start]!]) end++;
    // Below: `start` values; equal others: end - start.
    const position = (start + (end - start) / 2) / (n - 1);
    for (let k = start; k <= end; k++) out[order[k]!] = position;
    start = end + 1;
  }
  return out;
}

function stdev(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** One date's universe, ready to place stocks in it. */
export interface CrossSection {
  /** Each stock feature's values over the universe, ascending. */
  sorted: Record<StockFeatureName, number[]>;
  market: MarketFeatures & { dispersion: number };
}

export function crossSectionOf(rows: readonly CrossSectionRow[], market: MarketFeatures): CrossSection {
  const sorted = {} as Record<StockFeatureName, number[]>;
  for (const name of STOCK_FEATURES) sorted[name] = rows.map((r) => r.stock[name]).sort((a, b) => a - b);
  return { sorted, market: { ...market, dispersion: stdev(rows.map((r) => r.stock.ret_1m)) } };
}

function marketPart(section: CrossSection): number[] {
  return FEATURE_NAMES.slice(STOCK_FEATURES.length).map(
    (n) => section.market[n as keyof CrossSection["market"]],
  );
}

/** Model inputs (FEATURE_NAMES order) of every stock of the universe on its date. */
export function universeInputs(rows: readonly CrossSectionRow[], market: MarketFeatures): number[][] {
  const section = crossSectionOf(rows, market);
  const ranked = STOCK_FEATURES.map((name) => positionsWithin(rows.map((r) => r.stock[name])));
  const shared = marketPart(section);
  return rows.map((_, k) => [...ranked.map((col) => 2 * col[k]! - 1), ...shared]);
}

/** Model inputs of a symbol outside the universe, placed among the universe's stocks on that date. */
export function outsiderInputs(section: CrossSection, stock: StockFeatures): number[] {
  return [
    ...STOCK_FEATURES.map((name) => 2 * positionAmong(section.sorted[name], stock[name]) - 1),
    ...marketPart(section),
  ];
}
