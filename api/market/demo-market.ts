import type { Db } from "../../db/client.ts";
import { addDays } from "../lib/calendar-days.ts";
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
  return storedMarket(db, () => asOf, { frozen: true });
}

/**
 * The market as the daily bars in the database show it on `today()`. When `frozen`, reads are kept in memory
 * (the demo market); the live market refreshes the bars first and reads afresh.
 */
export function storedMarket(db: Db, today: () => string, { frozen }: { frozen: boolean }): MarketPort {
  if (!frozen) {
    // Nothing is remembered between calls when the market moves: each call reads through a fresh reader.
    const fresh = () => storedMarket(db, today, { frozen: true });
    return {
      ...fresh(),
      latestPrices: (symbols) => fresh().latestPrices(symbols),
      marketToday: today,
      annualisedVolatility: (symbol) => fresh().annualisedVolatility(symbol),
      isKnownSymbol: (symbol) => fresh().isKnownSymbol(symbol),
      closesSince: (symbols, days) => fresh().closesSince(symbols, days),
      recentCloses: (symbol, sessions) => fresh().recentCloses(symbol, sessions),
    };
  }
  const priceMemo = new Map<string, LatestPrice | null>();
  const closesMemo = new Map<string, { days: number; closes: number[] }>();
  return {
    source: "demo",
    prepareHistory: async () => {},
    headlines: async () => [],
    async latestPrices(symbols) {
      const asOf = today();
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
    marketToday: today,
    async annualisedVolatility(symbol) {
      const asOf = today();
      const bars = await barsUpTo(db, symbol, asOf, 61);
      return annualisedVolatility(bars.map((b) => b.adjClose));
    },
    isKnownSymbol: async (symbol) => (await findSecurity(db, symbol)) !== undefined,
    async closesSince(symbols, sinceDays) {
      const missing = symbols.filter((s) => closesMemo.get(s)?.days !== sinceDays);
      if (missing.length) {
        const asOf = today();
        const from = addDays(asOf, -sinceDays);
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
      const bars = await barsUpTo(db, symbol, today(), sessions);
      return bars.map((b) => ({ date: b.date, close: b.close }));
    },
  };
}
