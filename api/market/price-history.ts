import { and, asc, count, desc, eq, gte, inArray, lte, max, not, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dailyPrices, securities } from "../../db/schema/index.ts";

export type DailyBar = typeof dailyPrices.$inferSelect;

/**
 * `next(symbol)`: every symbol with at least one bar, in order, by a skip-scan of the (symbol, date) key, one index
 * seek per symbol. `SELECT DISTINCT symbol` or `max(date)` over every bar reads every bar (74 and 30-45 ms on the
 * demo market, against 1-2 ms).
 */
const SYMBOLS_WITH_BARS = sql`WITH RECURSIVE next(symbol) AS (
      SELECT min(symbol) FROM daily_prices
      UNION ALL
      SELECT (SELECT min(symbol) FROM daily_prices WHERE symbol > next.symbol) FROM next WHERE next.symbol IS NOT NULL
    )`;

/**
 * The last date with prices on or before `asOf` (any symbol), or null on an empty market: each symbol's last date
 * by a seek, as a Worker's first request waits for it (decision 173).
 */
export async function lastTradingDate(db: Db, asOf?: string): Promise<string | null> {
  const [row] = await db.all<{ d: string | null }>(sql`${SYMBOLS_WITH_BARS}
    SELECT max((
      SELECT max(date) FROM daily_prices
      WHERE daily_prices.symbol = next.symbol${asOf ? sql` AND date <= ${asOf}` : sql``}
    )) AS d
    FROM next WHERE next.symbol IS NOT NULL`);
  return row?.d ?? null;
}

/** A symbol's bars up to and including `asOf`, oldest first; the last `sessions` of them when given. */
export async function barsUpTo(db: Db, symbol: string, asOf: string, sessions?: number): Promise<DailyBar[]> {
  const query = db
    .select()
    .from(dailyPrices)
    .where(and(eq(dailyPrices.symbol, symbol), lte(dailyPrices.date, asOf)))
    .orderBy(desc(dailyPrices.date));
  const rows = sessions ? await query.limit(sessions) : await query;
  return rows.reverse();
}

/** Bars of a symbol strictly after `from` and up to `to`, oldest first (for scoring outcomes). */
export async function barsBetween(
  db: Db,
  symbols: readonly string[],
  from: string,
  to: string,
): Promise<DailyBar[]> {
  if (!symbols.length) return [];
  return db
    .select()
    .from(dailyPrices)
    .where(
      and(
        inArray(dailyPrices.symbol, [...symbols]),
        sql`${dailyPrices.date} > ${from}`,
        lte(dailyPrices.date, to),
      ),
    )
    .orderBy(asc(dailyPrices.symbol), asc(dailyPrices.date));
}

/**
 * Each symbol's last close on or before `asOf` (or its dividend-adjusted close, `column` "adjClose"): one indexed
 * lookup for the symbols that traded on `asOf` itself (the usual case), then one grouped query for those that did not.
 */
export async function lastCloses(
  db: Db,
  symbols: readonly string[],
  asOf: string,
  column: "close" | "adjClose" = "close",
): Promise<Map<string, { close: number; date: string }>> {
  const out = new Map<string, { close: number; date: string }>();
  if (!symbols.length) return out;
  const onDay = await db
    .select({ symbol: dailyPrices.symbol, date: dailyPrices.date, close: dailyPrices[column] })
    .from(dailyPrices)
    .where(and(inArray(dailyPrices.symbol, [...symbols]), eq(dailyPrices.date, asOf)));
  for (const r of onDay) out.set(r.symbol, { close: r.close, date: r.date });
  const missing = symbols.filter((s) => !out.has(s));
  if (missing.length) {
    // Rare: symbols with no bar on `asOf` (not traded that day, delisted, or unknown).
    const rows = await db
      .select({ symbol: dailyPrices.symbol, date: max(dailyPrices.date), close: dailyPrices[column] })
      .from(dailyPrices)
      .where(and(inArray(dailyPrices.symbol, missing), lte(dailyPrices.date, asOf)))
      .groupBy(dailyPrices.symbol);
    for (const r of rows) if (r.date) out.set(r.symbol, { close: r.close, date: r.date });
  }
  return out;
}

export async function findSecurity(db: Db, symbol: string) {
  return db.query.securities.findFirst({ where: eq(securities.symbol, symbol) });
}

/** How many stocks are stored: every security but the indexes ("^GSPC", the demo market's benchmark). */
export async function stockCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(securities)
    .where(not(sql`${securities.symbol} like '^%'`));
  return row?.n ?? 0;
}

/**
 * Every security's symbol, in order. Read as one row holding a JSON list: the libSQL client decodes each row and
 * column through its own code, which a Worker's cold isolate runs in its interpreter (decision 167).
 */
export async function allSymbols(db: Db): Promise<string[]> {
  const [row] = await db
    .select({ symbols: sql<string>`json_group_array(${securities.symbol})` })
    .from(securities);
  return (JSON.parse(row?.symbols ?? "[]") as string[]).sort();
}

/** How many symbols' bars between two dates fit in one read (252 sessions a year). */
export function symbolsPerSlice(from: string, to: string): number {
  const sessions = Math.ceil(((Date.parse(to) - Date.parse(from)) / 86_400_000 / 365) * 252) + 1;
  return Math.max(1, Math.floor(UNIVERSE_ROWS_PER_READ / Math.max(1, sessions)));
}

/** Every symbol with at least one bar, in order. */
export async function symbolsWithBars(db: Db): Promise<string[]> {
  const rows = await db.all<{ symbol: string | null }>(sql`${SYMBOLS_WITH_BARS}
    SELECT symbol FROM next WHERE symbol IS NOT NULL`);
  return rows.map((r) => r.symbol).filter((s): s is string => s !== null);
}

/**
 * Rows per statement, about, when reading the whole universe (a year of 500 symbols is about 200,000 rows). A
 * libSQL server refuses an answer of more than a few megabytes (RESPONSE_TOO_LARGE), and each answer is garbage
 * once its rows are bars: through @libsql/client over HTTP 20,000 rows lifted the server's peak by 80 MB before
 * the collector caught up, 2,000 by 30 MB, in the same time (docs/decisions/097-universe-slices-for-memory.md).
 */
export const UNIVERSE_ROWS_PER_READ = 2_000;

/** The stored columns of a bar besides its key. */
export type BarColumn = Exclude<keyof DailyBar, "symbol" | "date">;

/**
 * Each symbol's bars from `from` to `to`, oldest first, symbols in order: `toBar` makes a bar from its date and the
 * values of `columns`, in that order. Each slice's rows become bars before the next slice is read, and the bars of
 * one session share one date string: the universe is hundreds of thousands of bars, and holding them as full rows,
 * each with its own symbol and date, was the server's largest transient peak
 * (docs/decisions/061-universe-read-memory.md).
 * `toBar` is the caller's object literal so that every bar has one shape: code reading them runs about twice as
 * fast as on bars built property by property.
 */
export async function universeSeries<B>(
  db: Db,
  from: string,
  to: string,
  columns: readonly BarColumn[],
  toBar: (date: string, values: ArrayLike<number>) => B,
  symbolsPerRead = symbolsPerSlice(from, to),
): Promise<Map<string, B[]>> {
  const symbols = await symbolsWithBars(db);
  // Selected in this order: a row's values are the columns', then its symbol and date.
  const fields = Object.fromEntries(columns.map((c) => [c, dailyPrices[c]]));
  const [symbolAt, dateAt] = [columns.length, columns.length + 1];
  const sessions = new Map<string, string>();
  const out = new Map<string, B[]>();
  for (let i = 0; i < symbols.length; i += symbolsPerRead) {
    const slice = symbols.slice(i, i + symbolsPerRead);
    // Rows as arrays of values (Drizzle's `values`), not as objects only to be copied from.
    const rows: ArrayLike<unknown>[] = await db
      .select({ ...fields, symbol: dailyPrices.symbol, date: dailyPrices.date })
      .from(dailyPrices)
      .where(and(inArray(dailyPrices.symbol, slice), gte(dailyPrices.date, from), lte(dailyPrices.date, to)))
      .orderBy(asc(dailyPrices.symbol), asc(dailyPrices.date))
      .values();
    let bars: B[] = [];
    let symbol = "";
    for (const row of rows) {
      if (row[symbolAt] !== symbol) {
        symbol = row[symbolAt] as string;
        bars = [];
        out.set(symbol, bars);
      }
      const read = row[dateAt] as string;
      let date = sessions.get(read);
      if (date === undefined) {
        date = read;
        sessions.set(date, date);
      }
      bars.push(toBar(date, row as ArrayLike<number>));
    }
  }
  return out;
}

/** Trading days of the benchmark between two dates, oldest first. */
export async function tradingDays(db: Db, benchmark: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ date: dailyPrices.date })
    .from(dailyPrices)
    .where(and(eq(dailyPrices.symbol, benchmark), gte(dailyPrices.date, from), lte(dailyPrices.date, to)))
    .orderBy(asc(dailyPrices.date));
  return rows.map((r) => r.date);
}

export async function securityNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ symbol: securities.symbol, name: securities.name }).from(securities);
  return new Map(rows.map((r) => [r.symbol, r.name]));
}

/** Each symbol's sector (for spreading a date's picks over sectors). */
export async function securitySectors(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ symbol: securities.symbol, sector: securities.sector }).from(securities);
  return new Map(rows.map((r) => [r.symbol, r.sector ?? "N/A"]));
}
