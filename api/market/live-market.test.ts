import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dailyPrices, quotes, securities } from "../../db/schema/index.ts";
import { analysisOnMarket } from "../analysis/market-analysis.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { finnhubReplay, yahooReplay, yahooReplayOfBundledHistory } from "../test/provider-replay.ts";
import type { ReplayServer } from "../test/replay-server.ts";
import { DEFAULT_LIFETIMES, liveMarket } from "./live-market.ts";
import type { MarketDataProvider } from "./provider.ts";

let t: TestApp;
let replay: { server: ReplayServer; provider: MarketDataProvider };
const chartCalls = () => replay.server.calls.filter((c) => c.startsWith("/v8/finance/chart/AAPL")).length;

beforeEach(async () => {
  t = await startTestApp();
  replay = yahooReplay();
});
afterEach(async () => {
  await replay.server.stop();
  await t.close();
});

describe("live quotes behind the database cache", () => {
  test("twenty concurrent requests make one provider call; the cache serves until its lifetime ends", async () => {
    const market = liveMarket(t.deps.database.db, replay.provider, t.clock);
    replay.server.delayMs = 100;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => market.latestPrices(["AAPL", "AMZN"])),
    );
    expect(chartCalls()).toBe(1);
    expect(new Set(answers.map((a) => a.get("AAPL")?.price))).toEqual(new Set([244.87]));
    // Another process (a second market on the same database) finds the stored quote.
    const other = liveMarket(t.deps.database.db, replay.provider, t.clock);
    t.clock.advance(DEFAULT_LIFETIMES.quoteMs - 1000);
    expect((await other.latestPrices(["AAPL"])).get("AAPL")?.price).toBe(244.87);
    expect(chartCalls()).toBe(1);
    t.clock.advance(2000);
    await market.latestPrices(["AAPL"]);
    expect(chartCalls()).toBe(2);
  });

  test("a provider failure serves the last stored quote with its own time; nothing stored means no price", async () => {
    const market = liveMarket(t.deps.database.db, replay.provider, t.clock);
    replay.server.fault = "rate-limited";
    expect((await market.latestPrices(["AAPL"])).size).toBe(0);
    replay.server.fault = null;
    t.clock.advance(120_000); // past the rate-limit cool-down
    await market.latestPrices(["AAPL"]);
    const [row] = await t.deps.database.db.select().from(quotes).where(eq(quotes.symbol, "AAPL"));
    expect(row).toMatchObject({ price: 244.87, source: "yahoo" });
    t.clock.advance(10 * 60_000);
    replay.server.fault = "malformed";
    const before = replay.server.calls.length;
    expect(await market.latestPrices(["AAPL"])).toEqual(
      new Map([["AAPL", { price: 244.87, asOf: new Date(1739998801 * 1000).toISOString() }]]),
    );
    expect(replay.server.calls.length).toBe(before + 1);
  });

  test("after a rate-limit answer the provider is left alone for a minute", async () => {
    const market = liveMarket(t.deps.database.db, replay.provider, t.clock);
    replay.server.fault = "rate-limited";
    await market.latestPrices(["AAPL"]);
    await market.latestPrices(["AAPL"]);
    expect(replay.server.calls.length).toBe(1);
  });
});

describe("live history and profiles", () => {
  test("history and profile are stored once per lifetime; unknown symbols are unknown", async () => {
    const market = liveMarket(t.deps.database.db, replay.provider, t.clock);
    await Promise.all([market.prepareHistory(["AAPL"]), market.prepareHistory(["AAPL"])]);
    const { db } = t.deps.database;
    expect(await db.select().from(securities)).toEqual([
      { symbol: "AAPL", name: "Apple Inc.", sector: "Technology", industry: "Consumer Electronics" },
    ]);
    expect((await db.select().from(dailyPrices).where(eq(dailyPrices.symbol, "AAPL"))).length).toBe(49);
    expect(chartCalls()).toBe(1);
    await market.prepareHistory(["AAPL"]);
    expect(chartCalls()).toBe(1);
    expect(await market.isKnownSymbol("AAPL")).toBe(true);
    expect(await market.isKnownSymbol("NOSUCH")).toBe(false);
    // A name already stored (bundled data) stays known when the provider's search misses it.
    await db.insert(securities).values({ symbol: "AMZN", name: "Amazon.com", sector: "", industry: "" });
    expect(await market.isKnownSymbol("AMZN")).toBe(true);
    // "Unknown" is believed for 30 minutes, not for the profile's week.
    const nosuch = () => replay.server.calls.filter((c) => c.includes("q=NOSUCH")).length;
    expect(await market.isKnownSymbol("NOSUCH")).toBe(false);
    expect(nosuch()).toBe(1);
    t.clock.advance(DEFAULT_LIFETIMES.newsMs + 1);
    expect(await market.isKnownSymbol("NOSUCH")).toBe(false);
    expect(nosuch()).toBe(2);
    // The provider down: what was stored still serves.
    t.clock.advance(DEFAULT_LIFETIMES.historyMs + 1);
    replay.server.fault = "rate-limited";
    await market.prepareHistory(["AAPL"]);
    expect((await market.recentCloses("AAPL", 5)).length).toBe(5);
  });
});

describe("analysis on a live provider", () => {
  test("analyze fetches, stores and scores the history; headlines set the news impact", async () => {
    const bundled = await yahooReplayOfBundledHistory(["AAPL"]);
    try {
      // The day after the recorded headlines were published.
      const clock = t.clock;
      clock.advance(Date.parse("2025-02-25T20:00:00Z") - clock.now().getTime());
      t.deps.market = liveMarket(t.deps.database.db, bundled.provider, clock);
      t.deps.analysis = analysisOnMarket(t.deps.database.db, t.deps.market);

      const user = await t.createUser();
      const token = await t.signIn(user.email, "correct-horse-battery");
      const res = await t.request("/api/insights/analyze", {
        method: "POST",
        token,
        json: { symbol: "AAPL" },
      });
      expect(res.status).toBe(201);
      const insight = await res.json();
      expect(insight.currentPrice).toBe(168.22);
      expect(insight.asOf).toBe("2023-10-27");
      expect(insight.newsSummary).toStartWith("3 recent headlines:");
      expect(insight.newsSummary).toContain('Latest: "Apple Inc: An Exploration into Its Intrinsic Value"');
      expect(["POSITIVE", "NEGATIVE", "NEUTRAL"]).toContain(insight.newsImpact);

      const unknown = await t.request("/api/insights/analyze", {
        method: "POST",
        token,
        json: { symbol: "NOSUCH" },
      });
      expect(unknown.status).toBe(404);
      // A live market says the provider did not find it, not that the demo market lacks it.
      expect((await unknown.json()).message).toBe(
        "Unknown symbol 'NOSUCH': not found by the market data provider.",
      );

      bundled.server.fault = "rate-limited";
      const down = await t.request("/api/insights/analyze", {
        method: "POST",
        token,
        json: { symbol: "MSFT" },
      });
      expect(down.status).toBe(503);
      expect((await down.json()).message).toStartWith("Market data is unavailable right now");
    } finally {
      await bundled.stop();
    }
  });
});

describe("earnings calendar from a keyed provider", () => {
  test("real dates, times and estimates from Finnhub; target price from the live quote, none without one", async () => {
    const finnhub = finnhubReplay();
    try {
      t.clock.advance(Date.parse("2020-01-27T15:00:00Z") - t.clock.now().getTime());
      t.deps.market = liveMarket(t.deps.database.db, finnhub.provider, t.clock);
      const user = await t.createUser();
      const token = await t.signIn(user.email, "correct-horse-battery");
      const res = await t.request("/api/earnings-calendar", { token });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ count: 2, from: "2020-01-28", to: "2020-02-03" });
      expect(body.earnings[0]).toMatchObject({
        symbol: "AAPL",
        date: "2020-01-28",
        time: "post-market",
        quarter: 1,
        year: 2020,
        epsEstimate: 4.5474,
        revenueEstimate: 88496400000,
        estimated: false,
        // Withheld: the estimate did no better than today's price out of sample (decision 071).
        targetPrice: null,
        targetPriceNote: "No target: our estimate did no better than today's price",
      });
      expect(body.earnings[0].basis).toStartWith("Date and estimates from finnhub's earnings calendar");
      expect(body.earnings[1]).toMatchObject({ symbol: "MSFT", time: "pre-market", targetPrice: null });
      expect(finnhub.server.calls.filter((c) => c.startsWith("/api/v1/calendar/earnings"))).toEqual([
        "/api/v1/calendar/earnings?from=2020-01-28&to=2020-02-03",
      ]);
    } finally {
      await finnhub.server.stop();
    }
  });
});
