import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Symbols the market knows: names, sectors and industries. */
export const securities = sqliteTable("securities", {
  symbol: text().primaryKey(),
  name: text().notNull(),
  sector: text().notNull(),
  industry: text().notNull(),
});

/** Daily bars, split-adjusted; `adjClose` is also dividend-adjusted (returns are computed from it). */
export const dailyPrices = sqliteTable(
  "daily_prices",
  {
    symbol: text().notNull(),
    date: text().notNull(),
    open: real().notNull(),
    high: real().notNull(),
    low: real().notNull(),
    close: real().notNull(),
    adjClose: real().notNull(),
    volume: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.date] })],
);

/** Last known quote per symbol from a live provider, with when it was observed and fetched. */
export const quotes = sqliteTable("quotes", {
  symbol: text().primaryKey(),
  price: real().notNull(),
  previousClose: real(),
  asOf: text().notNull(),
  fetchedAt: integer({ mode: "timestamp_ms" }).notNull(),
  source: text().notNull(),
});

/**
 * Other answers of the live market-data provider kept in the database (profiles, headlines, earnings calendars,
 * and when each symbol's daily history was last refreshed), keyed by what was asked.
 */
export const marketCache = sqliteTable("market_cache", {
  key: text().primaryKey(),
  payload: text({ mode: "json" }).notNull(),
  fetchedAt: integer({ mode: "timestamp_ms" }).notNull(),
});
