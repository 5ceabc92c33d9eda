import { analysisOnMarket } from "../analysis/market-analysis.ts";
import type { Env } from "../lib/config.ts";
import type { AppDeps } from "../lib/context.ts";
import { demoMarket } from "./demo-market.ts";
import { lastTradingDate } from "./price-history.ts";
import type { MarketDataProvider } from "./provider.ts";

export type MarketSettings = Partial<
  Pick<
    Env,
    | "MARKET_DATA_PROVIDER"
    | "MARKET_AS_OF"
    | "YAHOO_BASE_URL"
    | "FINNHUB_API_KEY"
    | "FINNHUB_BASE_URL"
    | "QUOTE_CACHE_SECONDS"
  >
>;

/**
 * The live provider named by MARKET_DATA_PROVIDER, or null for the demo market. Imported only when named: the
 * demo market's Worker never evaluates the providers (decision 158).
 */
export async function providerFromSettings(settings: MarketSettings): Promise<MarketDataProvider | null> {
  switch (settings.MARKET_DATA_PROVIDER ?? "demo") {
    case "yahoo":
      return (await import("./providers/yahoo.ts")).yahooProvider({ baseUrl: settings.YAHOO_BASE_URL });
    case "finnhub": {
      if (!settings.FINNHUB_API_KEY) throw new Error("MARKET_DATA_PROVIDER=finnhub needs FINNHUB_API_KEY.");
      const { finnhubProvider } = await import("./providers/finnhub.ts");
      return finnhubProvider({ apiKey: settings.FINNHUB_API_KEY, baseUrl: settings.FINNHUB_BASE_URL });
    }
    default:
      return null;
  }
}

/**
 * Plugs the market and the analysis engine into the app's dependencies and answers the market's date. The demo
 * market is frozen at MARKET_AS_OF, by default the last trading day in the database (null when it has none); a
 * live provider's market is today in New York, behind the database cache.
 */
export async function configureMarket(deps: AppDeps, settings: MarketSettings = {}): Promise<string | null> {
  const { db } = deps.database;
  const provider = await providerFromSettings(settings);
  if (provider) {
    const { DEFAULT_LIFETIMES, liveMarket } = await import("./live-market.ts");
    const lifetimes = settings.QUOTE_CACHE_SECONDS
      ? { ...DEFAULT_LIFETIMES, quoteMs: settings.QUOTE_CACHE_SECONDS * 1000 }
      : DEFAULT_LIFETIMES;
    deps.market = liveMarket(db, provider, deps.clock, lifetimes, deps.log);
  } else {
    const asOf = settings.MARKET_AS_OF ?? (await lastTradingDate(db));
    if (!asOf) return null;
    deps.market = demoMarket(db, asOf);
  }
  deps.analysis = analysisOnMarket(db, deps.market);
  return deps.market.marketToday();
}
