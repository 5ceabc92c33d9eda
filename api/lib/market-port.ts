import type { Clock } from "./clock.ts";

export interface LatestPrice {
  price: number;
  /** When the price was observed (ISO date-time or date). */
  asOf: string;
}

export interface Headline {
  title: string;
  publisher: string | null;
  url: string | null;
  /** ISO date-time of publication. */
  publishedAt: string;
}

/** One company's scheduled (or reported) earnings, as a live provider's calendar gives it. */
export interface EarningsEvent {
  symbol: string;
  date: string;
  /** "pre-market" | "post-market" | "during market hours" | "time not set" (the calendar's labels key on pre/post) */
  time: string;
  quarter: number;
  year: number;
  epsEstimate: number | null;
  epsActual: number | null;
  revenueEstimate: number | null;
  revenueActual: number | null;
}

/**
 * What features need from market data: the demo market, a live provider behind the database cache, or the
 * stand-in without data (marketWithoutData) until one is configured.
 */
export interface MarketPort {
  /** Where the data comes from: "demo" (bundled history, frozen at its date), "yahoo" or "finnhub"; "none" without. */
  readonly source: MarketSource;
  /** Brings the stored daily history (and company profile) of these symbols up to date; nothing in the demo. */
  prepareHistory(symbols: readonly string[]): Promise<void>;
  /** Recent headlines about a symbol, newest first; none in the demo market. */
  headlines(symbol: string): Promise<Headline[]>;
  /** The provider's earnings calendar between two dates; absent (or null) when it has none (demo, Yahoo). */
  earnings?(from: string, to: string): Promise<EarningsEvent[] | null>;
  /** Latest known price per symbol in one batched lookup; symbols without a price are absent. */
  latestPrices(symbols: readonly string[]): Promise<Map<string, LatestPrice>>;
  /** Today's date in the market's time zone (the frozen "market today" in the demo market). */
  marketToday(): string;
  /** Annualised standard deviation of daily returns over about the last 60 sessions, or null if unknown. */
  annualisedVolatility(symbol: string): Promise<number | null>;
  /** Whether the market knows the symbol (listed, or in the demo universe). */
  isKnownSymbol(symbol: string): Promise<boolean>;
  /** Daily closes of the last `sessions` trading sessions, oldest first (sparklines). */
  recentCloses(symbol: string, sessions: number): Promise<Array<{ date: string; close: number }>>;
  /** Daily closes since `sinceDays` calendar days before the market's today, for many symbols in one lookup. */
  closesSince(symbols: readonly string[], sinceDays: number): Promise<Map<string, number[]>>;
}

/**
 * The market knows nothing of this symbol (no listing, no history). Thrown by the market and the engine; the app's
 * error handler answers it 404 UNKNOWN_SYMBOL (api/middleware/errors.ts), so features let it through.
 */
export class UnknownSymbolError extends Error {
  override name = "UnknownSymbolError";
  constructor(
    readonly symbol: string,
    /** Why, for the log (no listing, not enough history, the benchmark index). */
    detail = `Unknown symbol ${symbol}`,
  ) {
    super(detail);
  }
}

/**
 * The market-data provider failed (rate-limited, down, garbled) and nothing was cached to fall back on; the app's
 * error handler answers it 503 MARKET_UNAVAILABLE.
 */
export class MarketUnavailableError extends Error {
  override name = "MarketUnavailableError";
}

/** Where market data can come from; the market status answer names one (an enum in the API document). */
export const MARKET_SOURCES = ["demo", "yahoo", "finnhub", "none"] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

/** The stand-in's source: no market data is configured (yet). */
export const NO_MARKET = "none" satisfies MarketSource;

/** Whether a market with data is plugged in, rather than the stand-in. */
export const hasMarketData = (market: MarketPort) => market.source !== NO_MARKET;

/** Today in New York, where US markets keep their calendar. */
export function newYorkDate(clock: Clock): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(clock.now());
}

/**
 * The stand-in market until one is configured (createDeps, then configureMarket): it knows no symbol and no price,
 * and its today is New York's.
 */
export function marketWithoutData(clock: Clock): MarketPort {
  return {
    source: NO_MARKET,
    prepareHistory: async () => {},
    headlines: async () => [],
    latestPrices: async () => new Map(),
    marketToday: () => newYorkDate(clock),
    annualisedVolatility: async () => null,
    isKnownSymbol: async () => false,
    recentCloses: async () => [],
    closesSince: async () => new Map(),
  };
}
