import type { LatestPrice, MarketPort } from "../lib/market-port.ts";

/**
 * Fixed prices for feature tests that are about rules, not market data (the market service has its own tests
 * on real recorded data). Prices can be changed between steps to walk a rule through its cases.
 */
export function fixedMarket(
  today: string,
  prices: Record<string, number>,
  vols: Record<string, number> = {},
) {
  const market: MarketPort & { prices: Record<string, number> } = {
    prices,
    source: "demo",
    prepareHistory: async () => {},
    headlines: async () => [],
    latestPrices: async (symbols) => {
      const map = new Map<string, LatestPrice>();
      for (const s of symbols)
        if (market.prices[s] !== undefined) map.set(s, { price: market.prices[s]!, asOf: today });
      return map;
    },
    marketToday: () => today,
    annualisedVolatility: async (s) => vols[s] ?? null,
    isKnownSymbol: async (s) => s in market.prices || s in vols,
    closesSince: async (symbols) =>
      new Map(
        symbols
          .filter((s) => market.prices[s] !== undefined)
          .map((s) => [s, [market.prices[s]!, market.prices[s]!]]),
      ),
    recentCloses: async (s, n) =>
      market.prices[s] === undefined
        ? []
        : Array.from({ length: n }, (_, i) => ({ date: `d${i}`, close: market.prices[s]! })),
  };
  return market;
}
