import type { EarningsEvent, Headline, MarketSource } from "../lib/market-port.ts";

export type { EarningsEvent, Headline };

/**
 * What a live market-data provider answers. Each provider (Yahoo, Finnhub) maps its own wire format to these
 * shapes; the cached live market (live-market.ts) is the only caller.
 */
export interface ProviderQuote {
  symbol: string;
  price: number;
  previousClose: number | null;
  /** When the price was observed (ISO date-time). */
  asOf: string;
}

export interface ProviderBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Split- and dividend-adjusted close; equal to `close` when the provider gives no adjustment. */
  adjClose: number;
  volume: number;
}

export interface CompanyProfile {
  symbol: string;
  name: string;
  sector: string;
  industry: string;
}

export interface MarketDataProvider {
  readonly name: Exclude<MarketSource, "demo" | "none">;
  /** Latest quotes; unknown symbols are absent from the answer. */
  quotes(symbols: readonly string[]): Promise<ProviderQuote[]>;
  /** Daily bars from `from` to `to` (inclusive, YYYY-MM-DD), oldest first; throws unknown-symbol when none. */
  history(symbol: string, from: string, to: string): Promise<ProviderBar[]>;
  /** Name, sector and industry, or null when the provider does not know the symbol. */
  profile(symbol: string): Promise<CompanyProfile | null>;
  /** Recent headlines about the symbol, newest first (empty when there are none). */
  news(symbol: string, from: string, to: string): Promise<Headline[]>;
  /** Earnings events between two dates; absent when the provider has no calendar. */
  earnings?(from: string, to: string): Promise<EarningsEvent[]>;
}

export type ProviderFailure = "unknown-symbol" | "rate-limited" | "malformed" | "unavailable";

/** A provider call that did not give usable data, with what kind of failure it was. */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
