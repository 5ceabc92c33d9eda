import type { Db } from "../../db/client.ts";
import type { LatestPrice, MarketPort } from "../lib/market-port.ts";
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
 * is the close of the last session on or before that day. The data never moves, so what has been read once is
 * kept in memory (the importer only ever adds symbols; bars of a symbol are never changed).
 */
export function demoMarket(db: Db, asOf: string): MarketPort {
  const priceMemo = new Map<string, LatestPrice | null>();
  const closesMemo = new Map<string, { days: number; closes: number[] }>();
  return {
    async latestPrices(symbols) {
      const missing = symbols.filter((s) => !priceMemo.has(s));
      if (missing.length) {
        const found = await lastCloses(db, missing, asOf);
        for (const symbol of missing) {
          const c = found.get(symbol);
          priceMemo.set(symbol, c ? { price: c.close, asOf: c.date } : null);
        }
      }
      const out = new Map<string, LatestPrice>();
      for (const s of symbols) {
        const price = priceMemo.get(s);
        if (price) out.set(s, price);
      }
      return out;
    },
    marketToday: () => asOf,
    async annualisedVolatility(symbol) {
      const bars = await barsUpTo(db, symbol, asOf, 61);
      return annualisedVolatility(bars.map((b) => b.adjClose));
    },
    isKnownSymbol: async (symbol) => (await findSecurity(db, symbol)) !== undefined,
    async closesSince(symbols, sinceDays) {
      const missing = symbols.filter((s) => closesMemo.get(s)?.days !== sinceDays);
      if (missing.length) {
        const from = new Date(Date.parse(`${asOf}T00:00:00Z`) - sinceDays * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const fetched = new Map<string, number[]>();
        for (const row of await barsBetween(db, missing, from, asOf)) {
          const list = fetched.get(row.symbol) ?? [];
          list.push(row.close);
          fetched.set(row.symbol, list);
        }
        for (const [symbol, closes] of fetched) closesMemo.set(symbol, { days: sinceDays, closes });
      }
      const out = new Map<string, number[]>();
      for (const s of symbols) {
        const hit = closesMemo.get(s);
        if (hit?.days === sinceDays) out.set(s, hit.closes);
      }
      return out;
    },
    async recentCloses(symbol, sessions) {
      const bars = await barsUpTo(db, symbol, asOf, sessions);
      return bars.map((b) => ({ date: b.date, close: b.close }));
    },
  };
}
