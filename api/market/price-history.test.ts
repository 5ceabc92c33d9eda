import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp, targetName } from "../test/harness.ts";
import { symbolsPerSlice, symbolsWithBars, UNIVERSE_ROWS_PER_READ, universeBars } from "./price-history.ts";

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

  test("slices of 2 symbols answer the same bars, in the same order, as one read of them all", async () => {
    const { db } = t.deps.database;
    const whole = await universeBars(db, "2023-08-01", "2023-10-27", 1_000);
    const sliced = await universeBars(db, "2023-08-01", "2023-10-27", 2);
    expect(whole.length).toBeGreaterThan(100);
    expect(sliced).toEqual(whole);
    expect(whole.every((b) => b.date >= "2023-08-01" && b.date <= "2023-10-27")).toBe(true);
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
    expect(symbolsPerSlice("2022-10-27", "2023-10-27")).toBe(79);
  });
});
