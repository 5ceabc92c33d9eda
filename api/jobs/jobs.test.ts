import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { marketCache, quotes } from "../../db/schema/index.ts";
import { marketWithoutData } from "../lib/market-port.ts";
import { liveMarket } from "../market/live-market.ts";
import { startTestApp, type TestApp, testDbKind } from "../test/harness.ts";
import { yahooReplay } from "../test/provider-replay.ts";
import { runOnce } from "./job-runs.ts";
import { closedMarketDay, runDueJobs, slot } from "./schedule.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe(`scheduled jobs on ${testDbKind}`, () => {
  test("slots are aligned to the clock", () => {
    expect(slot(new Date("2026-11-23T10:07:31Z"), 15)).toBe("2026-11-23T10:00");
    expect(slot(new Date("2026-11-23T10:15:00Z"), 15)).toBe("2026-11-23T10:15");
  });

  test("a job runs once per period, however often it is called, even concurrently", async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await Bun.sleep(20);
      return { runs };
    };
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => runOnce(t.deps, "demo", "2026-11-23", work)));
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(await runOnce(t.deps, "demo", "2026-11-23", work)).toEqual({ ran: false, reason: "already-ran" });
    expect((await runOnce(t.deps, "demo", "2026-11-24", work)).ran).toBe(true);
    expect(runs).toBe(2);
  });

  test("a run that crashed is taken over after 30 minutes", async () => {
    await expect(
      runOnce(t.deps, "crashy", "p1", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await runOnce(t.deps, "crashy", "p1", async () => 1)).toEqual({ ran: false, reason: "running" });
    t.clock.advance(31 * 60_000);
    expect(await runOnce(t.deps, "crashy", "p1", async () => 1)).toEqual({ ran: true, result: 1 });
  });

  test("the alert check runs once per 15-minute slot", async () => {
    const first = await runDueJobs(t.deps, ["check-alerts"]);
    expect(first["check-alerts"]?.ran).toBe(true);
    const second = await runDueJobs(t.deps, ["check-alerts"]);
    expect(second["check-alerts"]).toEqual({ ran: false, reason: "already-ran" });
    t.clock.advance(15 * 60_000);
    expect((await runDueJobs(t.deps, ["check-alerts"]))["check-alerts"]?.ran).toBe(true);
  });

  test("the market refresh stores fresh quotes and history of tracked stocks on a live provider, once per slot", async () => {
    const yahoo = yahooReplay();
    const demoSkip = await runDueJobs({ ...t.deps, market: marketWithoutData(t.clock) }, ["refresh-market"]);
    expect(demoSkip["refresh-market"]).toEqual({
      ran: true,
      result: { skipped: "the demo market does not move" },
    });
    try {
      t.clock.advance(15 * 60_000);
      const deps = { ...t.deps, market: liveMarket(t.deps.database.db, yahoo.provider, t.clock) };
      expect(await deps.market.isKnownSymbol("AAPL")).toBe(true);
      // An answer cached long ago (a past week's calendar) is dropped by the refresh.
      await t.deps.database.db.insert(marketCache).values({
        key: "earnings:2026-09-01:2026-09-07",
        payload: { value: [] },
        fetchedAt: new Date(t.clock.now().getTime() - 31 * 86_400_000),
      });
      const first = await runDueJobs(deps, ["refresh-market"]);
      // ^GSPC has no recording: its history fails and is counted, AAPL's is stored.
      expect(first["refresh-market"]).toEqual({
        ran: true,
        result: { symbols: 1, historyFailed: 1, priced: 1, pruned: 1 },
      });
      const [quote] = await t.deps.database.db.select().from(quotes);
      expect(quote).toMatchObject({ symbol: "AAPL", price: 244.87 });
      expect((await runDueJobs(deps, ["refresh-market"]))["refresh-market"]).toEqual({
        ran: false,
        reason: "already-ran",
      });
    } finally {
      await yahoo.server.stop();
    }
  });

  test("recommendations are generated for the last closed session: after 16:30 in New York on a live market", () => {
    const yahoo = yahooReplay();
    try {
      const live = { ...t.deps, market: liveMarket(t.deps.database.db, yahoo.provider, t.clock) };
      // 2026-11-23 20:00 UTC is 15:00 in New York (EST): the session is still open.
      expect(closedMarketDay(new Date("2026-11-23T20:00:00Z"), live)).toBe("2026-11-22");
      expect(closedMarketDay(new Date("2026-11-23T21:31:00Z"), live)).toBe("2026-11-23");
      const frozen = {
        ...t.deps,
        market: { ...live.market, source: "demo" as const, marketToday: () => "2023-10-27" },
      };
      expect(closedMarketDay(new Date("2026-11-23T20:00:00Z"), frozen)).toBe("2023-10-27");
    } finally {
      void yahoo.server.stop();
    }
  });
});
