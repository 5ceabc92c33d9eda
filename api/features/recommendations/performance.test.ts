import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, ne } from "drizzle-orm";
import { dailyPrices } from "../../../db/schema/index.ts";
import { addTradingSessions } from "../../lib/trading-calendar.ts";
import { BENCHMARK } from "../../market/demo-import.ts";
import { tradingDays } from "../../market/price-history.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { postRecommendation } from "./recommendations.service.ts";

const SYMBOLS = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT"];

let t: TestApp;
let token: string;
let admin: string;
let modelCalls = 0;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: SYMBOLS });
  const { db } = t.deps.database;
  // Model calls every fifth session since March: two per date, one of them a lower-half call (trails the median).
  const days = (await tradingDays(db, BENCHMARK, "2023-03-01", "2023-10-27")).filter((_, i) => i % 5 === 0);
  for (const [i, date] of days.entries()) {
    for (const [j, symbol] of [SYMBOLS[i % 10]!, SYMBOLS[(i + 3) % 10]!].entries()) {
      const [close] = await db
        .select({ close: dailyPrices.close })
        .from(dailyPrices)
        .where(and(eq(dailyPrices.symbol, symbol), eq(dailyPrices.date, date)));
      const buy = Math.round(close!.close * 100);
      const result = await postRecommendation(
        t.deps,
        {
          symbol,
          buyPrice: buy,
          sellTarget: Math.round(buy * 1.04),
          confidence: j ? 53 : 58,
          estimatedDate: addTradingSessions(date, 60),
          reason: "Test call.",
          aggressive: false,
        },
        {
          recommendationDate: date,
          postedBy: null,
          source: "model",
          modelVersion: "test",
          model: {
            call: j ? "WATCH" : "BUY",
            decile: j ? 2 : 10,
            probability: j ? 0.53 : 0.58,
            expectedReturn: 0.04,
            expectedReturnLow: -0.1,
            expectedReturnHigh: 0.18,
            horizonDays: 60,
          },
        },
      );
      if (result.kind === "posted") modelCalls++;
    }
  }
  const a = await t.createUser({ isAdmin: true });
  admin = await t.signIn(a.email, "correct-horse-battery");
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
  const posted = await t.request("/api/recommendations?recommendationDate=2023-05-01", {
    method: "POST",
    token: admin,
    json: {
      symbol: "KO",
      buyPrice: 60,
      sellTarget: 66,
      confidence: 90,
      estimatedDate: "2023-06-30",
      reason: "Admin call.",
    },
  });
  if (posted.status !== 201) throw new Error(`admin post failed: ${posted.status}`);
});
afterAll(() => t.close());

type Row = {
  label: string;
  count: number;
  resolved: number;
  happened: number;
  meanProbability: number | null;
  observedRate: number | null;
  observedLow: number | null;
  observedHigh: number | null;
};
type Perf = {
  asOf: string;
  method: string;
  count: number;
  open: number;
  resolved: number;
  happened: number;
  observedRate: number | null;
  observedLow: number | null;
  observedHigh: number | null;
  averageReturn: number | null;
  averageUniverseReturn: number | null;
  averageExcessReturn: number | null;
  bands: Row[];
  deciles: Row[];
  years: Row[];
  cumulative: Array<{ date: string; calls: number; strategy: number; universe: number }>;
};
type Rec = {
  symbol: string;
  sellTarget: string;
  recommendationDate: string;
  estimatedDate: string;
  source: string;
  decile: number | null;
  outcome: {
    status: string;
    targetReachedOn: string | null;
    exitDate: string | null;
    realisedReturn: number | null;
    universeMedianReturn: number | null;
    universeMeanReturn: number | null;
    statedEvent: string;
    eventHappened: boolean | null;
  };
};

const performance = async (query = "") =>
  (await (await t.request(`/api/recommendations/performance${query}`, { token })).json()) as Perf;

describe(`track record against the universe, on real demo prices (${testDbKind})`, () => {
  test("totals add up; admin posts count in totals but in no calibration row; the method is stated", async () => {
    const p = await performance();
    expect(p.asOf).toBe("2023-10-27");
    expect(p.count).toBe(modelCalls + 1);
    expect(p.open + p.resolved).toBe(p.count);
    expect(p.open).toBeGreaterThan(0);
    expect(p.resolved).toBeGreaterThan(10);
    expect(p.observedRate).toBeCloseTo(p.happened / p.resolved, 10);
    expect(p.observedLow!).toBeLessThanOrEqual(p.observedRate!);
    expect(p.observedHigh!).toBeGreaterThanOrEqual(p.observedRate!);
    for (const rows of [p.bands, p.deciles, p.years])
      expect(rows.reduce((n, r) => n + r.count, 0)).toBe(modelCalls);
    expect(p.bands.map((b) => [b.label, b.count > 0])).toEqual([
      ["below 50%", false],
      ["50-51%", false],
      ["52-53%", true],
      ["54-55%", false],
      ["56-57%", false],
      ["58-59%", true],
      ["60% and above", false],
    ]);
    expect(p.bands[5]!.meanProbability).toBeCloseTo(0.58, 10);
    expect(p.deciles.map((d) => d.label)).toEqual(["Decile 10", "Decile 2"]);
    expect(p.years.map((y) => y.label)).toEqual(["2023"]);
    expect(p.method).toContain("median total return of the universe");
    expect(p.method).toContain("survivorship");
    expect(p.method).not.toContain("S&P 500 over");
  });

  test("each call is scored on adjusted closes against the median of every stock but the index", async () => {
    const list = (await (await t.request("/api/recommendations/historical", { token })).json()) as Rec[];
    const resolved = list.filter((r) => r.outcome.eventHappened !== null);
    expect(resolved.length).toBeGreaterThan(10);
    const { db } = t.deps.database;
    for (const r of [resolved[0]!, resolved.find((x) => x.outcome.statedEvent === "trails-median")!]) {
      const start = (await tradingDays(db, BENCHMARK, "2023-01-01", r.recommendationDate)).at(-1)!;
      const end = (await tradingDays(db, BENCHMARK, "2023-01-01", r.estimatedDate)).at(-1)!;
      expect(r.outcome.exitDate).toBe(end);
      const rows = await db
        .select()
        .from(dailyPrices)
        .where(and(inArray(dailyPrices.date, [start, end]), ne(dailyPrices.symbol, BENCHMARK)));
      const returns = new Map<string, number>();
      for (const s of SYMBOLS) {
        const a = rows.find((x) => x.symbol === s && x.date === start)!;
        const b = rows.find((x) => x.symbol === s && x.date === end)!;
        returns.set(s, b.adjClose / a.adjClose - 1);
      }
      const sorted = [...returns.values()].sort((x, y) => x - y);
      const median = (sorted[4]! + sorted[5]!) / 2;
      const own = returns.get(r.symbol)!;
      expect(r.outcome.realisedReturn).toBeCloseTo(own, 10);
      expect(r.outcome.universeMedianReturn).toBeCloseTo(median, 10);
      expect(r.outcome.universeMeanReturn).toBeCloseTo(sorted.reduce((x, y) => x + y, 0) / 10, 10);
      const beats = own > median;
      expect(r.outcome.eventHappened).toBe(r.outcome.statedEvent === "beats-median" ? beats : !beats);
      expect(r.outcome.statedEvent).toBe(r.decile === 2 ? "trails-median" : "beats-median");
    }
    // The latest calls are still open: no event yet.
    const latest = (await (await t.request("/api/recommendations/latest", { token })).json()) as Rec[];
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((r) => r.outcome.eventHappened === null)).toBe(true);
  });

  test("target: the first session after the date, on or before the target date and as-of, whose high reached it", async () => {
    const list = (await (await t.request("/api/recommendations/historical", { token })).json()) as Rec[];
    const { db } = t.deps.database;
    const bars = await db.select().from(dailyPrices).where(ne(dailyPrices.symbol, BENCHMARK));
    let hits = 0;
    for (const r of list) {
      const end = r.estimatedDate < "2023-10-27" ? r.estimatedDate : "2023-10-27";
      const window = bars
        .filter((b) => b.symbol === r.symbol && b.date > r.recommendationDate && b.date <= end)
        .sort((a, b) => a.date.localeCompare(b.date));
      const first = window.find((b) => b.high >= Number(r.sellTarget))?.date ?? null;
      expect(r.outcome.targetReachedOn).toBe(first);
      const status = first ? "hit" : end === r.estimatedDate && window.length ? "missed" : "open";
      expect(r.outcome.status).toBe(status);
      if (first) hits++;
    }
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(list.length);
  });

  test("the cumulative lines add up each date's average return of the calls and of the universe", async () => {
    const p = await performance();
    expect(p.cumulative.reduce((n, c) => n + c.calls, 0)).toBe(p.resolved);
    const dates = p.cumulative.map((c) => c.date);
    expect(dates).toEqual([...dates].sort());
    expect(p.averageExcessReturn).toBeCloseTo(p.averageReturn! - p.averageUniverseReturn!, 10);
  });

  test("filters apply and are validated", async () => {
    const one = await performance("?symbol=KO");
    expect(one.count).toBeGreaterThan(0);
    expect(one.count).toBeLessThan((await performance()).count);
    expect(
      (await t.request("/api/recommendations/performance?fromDate=2023-10-01&toDate=2023-01-01", { token }))
        .status,
    ).toBe(400);
    expect((await t.request("/api/recommendations/performance")).status).toBe(401);
  });
});
