import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, gte, lte, sql } from "drizzle-orm";
import { dailyPrices } from "../../db/schema/index.ts";
import { startTestApp, type TestApp, targetName } from "../test/harness.ts";
import {
  type DailyBar,
  lastTradingDate,
  symbolsPerSlice,
  symbolsWithBars,
  UNIVERSE_ROWS_PER_READ,
  universeSeries,
} from "./price-history.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT", "KO", "WYNN", "SYK"], from: "2023-06-01" });
});
afterAll(() => t.close());

describe(`the universe's bars, read in slices of symbols (${targetName})`, () => {
  test("the skip-scan finds exactly the symbols that have bars, in order", async () => {
    const { db } = t.deps.database;
    const distinct = await db.all<{ symbol: string }>(
      sql`SELECT DISTINCT symbol FROM daily_prices ORDER BY symbol`,
    );
    const symbols = await symbolsWithBars(db);
    expect(symbols.length).toBeGreaterThanOrEqual(5);
    expect(symbols).toEqual(distinct.map((r) => r.symbol));
  });

  test("the last trading date on or before a day is the latest bar of any symbol, none before the first", async () => {
    const { db } = t.deps.database;
    const maxOver = async (asOf?: string) => {
      const [row] = await db.all<{ d: string | null }>(
        asOf
          ? sql`SELECT max(date) AS d FROM daily_prices WHERE date <= ${asOf}`
          : sql`SELECT max(date) AS d FROM daily_prices`,
      );
      return row?.d ?? null;
    };
    // One symbol's bar after every other's: the answer is any symbol's last date, not the first symbol's.
    await db.insert(dailyPrices).values({
      symbol: "ZZZ-LATE",
      date: "2023-10-31",
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      adjClose: 1,
      volume: 1,
    });
    try {
      for (const asOf of [undefined, "2023-10-31", "2023-10-29", "2023-07-04", "2023-06-01", "2023-05-31"]) {
        expect(await lastTradingDate(db, asOf)).toBe(await maxOver(asOf));
      }
      expect(await lastTradingDate(db)).toBe("2023-10-31");
      expect(await lastTradingDate(db, "2023-10-29")).toBe("2023-10-27");
      expect(await lastTradingDate(db, "2023-05-31")).toBeNull();
    } finally {
      await db.delete(dailyPrices).where(sql`${dailyPrices.symbol} = 'ZZZ-LATE'`);
    }
  });

  test("slices of 2 symbols answer each symbol's bars, oldest first, made of the columns asked for, in their order", async () => {
    const { db } = t.deps.database;
    const rows = await db
      .select()
      .from(dailyPrices)
      .where(and(gte(dailyPrices.date, "2023-08-01"), lte(dailyPrices.date, "2023-10-27")))
      .orderBy(asc(dailyPrices.symbol), asc(dailyPrices.date));
    const expected = new Map<string, Array<Pick<DailyBar, "date" | "open" | "volume">>>();
    for (const { symbol, date, open, volume } of rows) {
      expected.set(symbol, [...(expected.get(symbol) ?? []), { date, open, volume }]);
    }
    expect(rows.length).toBeGreaterThan(100);
    for (const perRead of [1_000, 2]) {
      const series = await universeSeries(
        db,
        "2023-08-01",
        "2023-10-27",
        ["open", "volume"],
        (date, v) => ({ date, open: v[0]!, volume: v[1]! }),
        perRead,
      );
      expect([...series.keys()]).toEqual([...expected.keys()]);
      expect(series).toEqual(expected);
    }
  });

  test("a slice holds about UNIVERSE_ROWS_PER_READ rows however long the range, and at least one symbol", () => {
    for (const [from, to] of [
      ["2023-10-20", "2023-10-27"],
      ["2022-10-27", "2023-10-27"],
      ["2017-10-27", "2023-10-27"],
      ["1950-01-01", "2023-10-27"],
    ] as const) {
      const perSlice = symbolsPerSlice(from, to);
      const sessions = ((Date.parse(to) - Date.parse(from)) / 86_400_000 / 365) * 252;
      expect(perSlice).toBeGreaterThanOrEqual(1);
      if (perSlice > 1) expect(perSlice * sessions).toBeLessThanOrEqual(UNIVERSE_ROWS_PER_READ);
    }
    expect(symbolsPerSlice("2022-10-27", "2023-10-27")).toBe(7);
  });
});
