import { ratePercent } from "../../lib/format.ts";

/** Potential return (target - buy) / buy as a percent with one decimal, e.g. "12.5%" (the spec's formula). */
export function potentialReturn(buy: number, target: number): string {
  return ratePercent((target - buy) / buy);
}

/**
 * Whether a call is relative: a model call with an expected return over the median stock. Its sellTarget is the buy
 * price moved by that excess, a mark against the median stock and not an expected price, so the card shows the
 * excess in its place (docs/decisions/114-prices-that-mean-what-they-say.md).
 */
export const isRelativeCall = (r: { source?: string | null; expectedExcessReturn?: number | null }) =>
  r.source !== "admin" && r.expectedExcessReturn != null;

/** The current price against the buy price, in dollars and percent. */
export function priceVersusBuy(current: number, buy: number): { dollars: number; percent: number } {
  return { dollars: current - buy, percent: ((current - buy) / buy) * 100 };
}

/** Research links for a symbol (Yahoo Finance, Google Finance, MarketWatch), each opened in a new tab. */
export function researchLinks(symbol: string) {
  const s = encodeURIComponent(symbol);
  return [
    { label: "Yahoo Finance", href: `https://finance.yahoo.com/quote/${s}` },
    { label: "Google Finance", href: `https://www.google.com/finance/quote/${s}:NASDAQ` },
    { label: "MarketWatch", href: `https://www.marketwatch.com/investing/stock/${s.toLowerCase()}` },
  ];
}
