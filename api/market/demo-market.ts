import type { Db } from "../../db/client.ts";
import type { MarketPort } from "../lib/market-port.ts";
import { barsBetween, barsUpTo, findSecurity, lastCloses } from "./price-history.ts";

/** Annualised standard deviation of daily log returns of `closes`. */
export function annualisedVolatility(closes: readonly number[]): number | null {
  if (closes.length < 3) return null;
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) returns.push(Math.log(closes[i]! / closes[i - 1]!));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(252);
}

/**
 * The offline demo market: real daily history frozen at its "market today" (`asOf`). Its price for a symbol
 * is the close of the last session on or before that day.
 */
export function demoMarket(db: Db, asOf: string): MarketPort {
  return {
    async latestPrices(symbols) {
      const closes = await lastCloses(db, symbols, asOf);
      return new Map([...closes].map(([symbol, c]) => [symbol, { price: c.close, asOf: c.date }]));
    },
    marketToday: () => asOf,
    async annualisedVolatility(symbol) {
      const bars = await barsUpTo(db, symbol, asOf, 61);
      return annualisedVolatility(bars.map((b) => b.adjClose));
    },
    isKnownSymbol: async (symbol) => (await findSecurity(db, symbol)) !== undefined,
    async closesSince(symbols, sinceDays) {
      if (!symbols.length) return new Map();
      const from = new Date(Date.parse(`${asOf}T00:00:00Z`) - sinceDays * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const rows = await barsBetween(db, symbols, from, asOf);
      const out = new Map<string, number[]>();
      for (const row of rows) {
        const list = out.get(row.symbol) ?? [];
        list.push(row.close);
        out.set(row.symbol, list);
      }
      return out;
    },
    async recentCloses(symbol, sessions) {
      const bars = await barsUpTo(db, symbol, asOf, sessions);
      return bars.map((b) => ({ date: b.date, close: b.close }));
    },
  };
}
