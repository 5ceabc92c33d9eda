import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dailyPrices, liveScores, liveScorings, recommendations } from "../../../db/schema/index.ts";
import { createAnalysisEngine } from "../../analysis/engine.ts";
import { PREREGISTRATION } from "../../analysis/preregistration.ts";
import { RANGE_REGISTRATION } from "../../analysis/range-registration.ts";
import { spearman } from "../../analysis/rank-correlation.ts";
import { runDueJobs } from "../../jobs/schedule.ts";
import { addTradingSessions } from "../../lib/trading-calendar.ts";
import { configureMarket } from "../../market/configure.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { SAMPLE_MARKET_DAY, seedLiveSample } from "../../test/live-sample.ts";

/** The first registered date's 60th session: the ranges' first outcome is known then. */
const RANGES_RESOLVE = addTradingSessions("2026-11-30", 60);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-06-01" });
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
}, 60_000);
afterAll(() => t.close());

const answer = () => bodyOf(t.api(token).preregistration.$get(), 200);

describe(`pre-registered test of live calls (${testDbKind})`, () => {
  test("the answer carries the hash, the statistic, N and n: none collected in the demo market", async () => {
    const body = await answer();
    expect(body.sha256).toBe(PREREGISTRATION.sha256);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.modelVersion).toBe("xgb-rank-h60-live");
    expect(body.firstDate).toBe("2026-11-30");
    expect(body.weeksNeeded).toBe(396);
    expect(body.datesNeeded).toBe(99);
    expect(body.perDateSd).toBe(0.1188);
    // The demo market's day is 2023-10-27, before the first registered date: no live week yet.
    expect(body.knownThrough).toBe("2023-10-27");
    expect(body.weeksCollected).toBe(0);
    expect(body.datesCollected).toBe(0);
    expect(body.datesMissed).toBe(0);
    expect(body.summary).toBe("0 of 396 weeks collected");
    expect(body.dates).toEqual([]);
    expect(body.running).toBeNull();
    expect(body.verdict).toBeNull();
    expect(body.test).toBe("one-sided one-sample t-test of mean correlation > 0 at 5%");
    // Beside it, the check of the ranges: registered, nothing collected.
    expect(body.ranges).toMatchObject({
      calibrationSha256: RANGE_REGISTRATION.calibrationSha256,
      modelSha256: PREREGISTRATION.sha256,
      firstDate: "2026-11-30",
      horizonSessions: 60,
      target: { low: 0.77, high: 0.83 },
      datesNeeded: 32,
      datesCollected: 0,
      datesMissed: 0,
      summary: "0 of 32 dates collected",
      dates: [],
      running: null,
      verdict: null,
      document: "docs/model/preregistration-ranges.md",
    });
  });

  test("live calls alone collect nothing: the test needs every member's recorded score", async () => {
    await t.deps.database.db.insert(recommendations).values({
      symbol: "AAPL",
      buyPriceCents: 10_000,
      sellTargetCents: 10_100,
      confidence: 52,
      aggressive: false,
      aggressiveBasis: "60-day volatility 20.0% a year; Aggressive from 40.0%",
      estimatedDate: "2027-03-01",
      recommendationDate: "2026-11-30",
      reason: "written to the database directly",
      source: "model",
      provenance: "live",
      modelVersion: PREREGISTRATION.modelVersion,
    });
    expect((await answer()).weeksCollected).toBe(0);
  });

  test("recorded live scores are scored as their 20-session outcomes resolve: n of N and the t so far", async () => {
    await seedLiveSample(t);
    const body = await answer();
    expect(body.knownThrough).toBe(SAMPLE_MARKET_DAY);
    // Only the registration's dates of the registered file count: 2026-12-01 and the other file's 2026-11-30 not.
    expect(body.dates.map((d) => d.date)).toEqual(["2026-11-30", "2026-12-29", "2027-01-28"]);
    expect(body.dates[0]).toEqual({ date: "2026-11-30", correlation: 1, members: 5, leftOut: 0 });
    // ZTD stopped trading on 2027-01-05 and counts with its return to that close; ZTE could not be scored.
    expect(body.dates[1]).toMatchObject({ members: 5, leftOut: 1 });
    expect(body.dates[1]!.correlation).toBeCloseTo(0.8, 10);
    expect(body.dates[2]!.correlation).toBeCloseTo(-0.4, 10);
    // 2027-02-26 resolved on 2027-03-29 with nothing recorded: missed, not replaced.
    expect(body.datesMissed).toBe(1);
    expect(body.datesCollected).toBe(3);
    expect(body.weeksCollected).toBe(12);
    expect(body.summary).toBe("12 of 396 weeks collected");
    // By hand: mean (1 + 0.8 - 0.4) / 3, SD √(1.14667 / 2), t = mean / (SD / √3), p = 1/2 - t / (2 √(2 + t²)).
    const running = body.running!;
    expect(running.dates).toBe(3);
    expect(running.meanCorrelation).toBeCloseTo(0.466667, 6);
    expect(running.sd).toBeCloseTo(0.757188, 6);
    expect(running.t).toBeCloseTo(1.06749, 5);
    expect(running.degreesOfFreedom).toBe(2);
    expect(running.p).toBeCloseTo(0.198768, 6);
    // 99 dates are needed before the test is run.
    expect(body.verdict).toBeNull();
  });

  test("recorded ranges are checked per volatility fifth once their 60 sessions have passed", async () => {
    const { ranges } = await answer();
    // 2026-11-30's 60th session is 2027-02-26; the next registered date (2027-05-25) has not resolved.
    expect(ranges.summary).toBe("1 of 32 dates collected");
    expect(ranges.datesMissed).toBe(0);
    // Against the median return (+6%): fifth 1's member fell below its range, fifth 3's above, the rest inside.
    expect(ranges.dates).toEqual([
      {
        date: "2026-11-30",
        members: 5,
        leftOut: 0,
        byFifth: [
          { fifth: 1, members: 1, inside: 0, below: 1, above: 0 },
          { fifth: 2, members: 1, inside: 1, below: 0, above: 0 },
          { fifth: 3, members: 1, inside: 0, below: 0, above: 1 },
          { fifth: 4, members: 1, inside: 1, below: 0, above: 0 },
          { fifth: 5, members: 1, inside: 1, below: 0, above: 0 },
        ],
      },
    ]);
    // One date: running shares, no interval yet, not the verdict.
    expect(ranges.running!.map((f) => [f.fifth, f.dates, f.inside, f.insideLow, f.targetMet])).toEqual([
      [1, 1, 0, null, false],
      [2, 1, 1, null, false],
      [3, 1, 0, null, false],
      [4, 1, 1, null, false],
      [5, 1, 1, null, false],
    ]);
    expect(ranges.verdict).toBeNull();
  });

  test("signed out is 401", async () => {
    expect((await t.request("/api/preregistration")).status).toBe(401);
  });
});

test("the daily job's live scores and ranges of the registered model are scored once their sessions have passed", async () => {
  const g = await startTestApp();
  const symbols = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "WMT", "CAT", "HD", "MRK"];
  await g.useDemoMarket({ symbols, from: "2021-06-01" });
  try {
    // The demo market's real sessions, moved on so that its last one is 2027-02-26, 60 sessions after the first
    // registered date: the pre-registered model serves those dates, and that date has a year and more of history.
    const { db } = g.deps.database;
    const bars = await db.select().from(dailyPrices);
    const sessions = [...new Set(bars.map((b) => b.date))].sort();
    const moved = new Map<string, string>();
    let date = RANGES_RESOLVE;
    for (const session of sessions.reverse()) {
      moved.set(session, date);
      date = addTradingSessions(date, -1);
    }
    await db.delete(dailyPrices);
    for (let i = 0; i < bars.length; i += 500)
      await db
        .insert(dailyPrices)
        .values(bars.slice(i, i + 500).map((b) => ({ ...b, date: moved.get(b.date)! })));
    const userToken = await g.signIn((await g.createUser()).email, "correct-horse-battery");
    const read = () => bodyOf(g.api(userToken).preregistration.$get(), 200);

    // The job on 2026-11-30 (a scoring date) and 2026-12-01 (not one), each on its own day.
    for (const day of ["2026-11-30", "2026-12-01"]) {
      await configureMarket(g.deps, { MARKET_AS_OF: day });
      await runDueJobs(g.deps, ["generate-recommendations"]);
    }
    const scorings = await db.select().from(liveScorings);
    expect(scorings.map((s) => [s.date, s.modelVersion, s.modelSha256])).toEqual([
      ["2026-11-30", PREREGISTRATION.modelVersion, PREREGISTRATION.sha256],
      ["2026-12-01", PREREGISTRATION.modelVersion, PREREGISTRATION.sha256],
    ]);
    // 19 sessions on, the outcome is not known yet.
    await configureMarket(g.deps, { MARKET_AS_OF: "2026-12-28" });
    expect(await read()).toMatchObject({
      datesCollected: 0,
      summary: "0 of 396 weeks collected",
      running: null,
    });

    await configureMarket(g.deps, { MARKET_AS_OF: "2026-12-29" });
    const body = await read();
    expect(body.summary).toBe("4 of 396 weeks collected");
    expect(body.datesCollected).toBe(1);
    expect(body.running).toBeNull();
    // The correlation of the engine's scores that day with the 20-session returns of the stored adjusted closes.
    const scored = await createAnalysisEngine(db, () => "2026-11-30").scoreUniverse("2026-11-30");
    const closeOn = async (day: string) =>
      new Map(
        (await db.select().from(dailyPrices).where(eq(dailyPrices.date, day))).map((b) => [
          b.symbol,
          b.adjClose,
        ]),
      );
    const [start, end] = [await closeOn("2026-11-30"), await closeOn("2026-12-29")];
    expect(scored.length).toBe(symbols.length);
    const expected = spearman(
      scored.map((s) => s.raw),
      scored.map((s) => end.get(s.symbol)! / start.get(s.symbol)! - 1),
    );
    expect(body.dates).toEqual([
      { date: "2026-11-30", correlation: expect.closeTo(expected, 12), members: symbols.length, leftOut: 0 },
    ]);

    // The job recorded each member's served range with its score: the engine's, that day.
    const recorded = await db
      .select()
      .from(liveScores)
      .innerJoin(liveScorings, eq(liveScores.scoringId, liveScorings.id))
      .where(eq(liveScorings.date, "2026-11-30"));
    expect(recorded.map((r) => r.live_scores).sort((a, b) => a.symbol.localeCompare(b.symbol))).toEqual(
      [...scored]
        .sort((a, b) => a.symbol.localeCompare(b.symbol))
        .map((s) => ({
          scoringId: recorded[0]!.live_scorings.id,
          symbol: s.symbol,
          score: s.raw,
          expectedExcess: s.expectedExcessReturn,
          excessLow: s.expectedExcessLow,
          excessHigh: s.expectedExcessHigh,
          volatilityFifth: s.volatilityFifth,
        })),
    );
    // The ranges' outcome is 60 sessions on: not known the session before.
    expect(body.ranges.summary).toBe("0 of 32 dates collected");
    await configureMarket(g.deps, { MARKET_AS_OF: addTradingSessions(RANGES_RESOLVE, -1) });
    expect((await read()).ranges.datesCollected).toBe(0);

    await configureMarket(g.deps, { MARKET_AS_OF: RANGES_RESOLVE });
    const { ranges } = await read();
    expect(ranges.summary).toBe("1 of 32 dates collected");
    // By hand: each member's 60-session return from the stored closes, less the median of the twelve, against the
    // range the engine served it, counted per fifth.
    const last = await closeOn(RANGES_RESOLVE);
    const returns = new Map(scored.map((s) => [s.symbol, last.get(s.symbol)! / start.get(s.symbol)! - 1]));
    const sorted = [...returns.values()].sort((a, b) => a - b);
    const median = (sorted[5]! + sorted[6]!) / 2;
    const byFifth = [1, 2, 3, 4, 5].map((fifth) => {
      const members = scored.filter((s) => s.volatilityFifth === fifth);
      const excess = members.map((s) => ({ x: returns.get(s.symbol)! - median, s }));
      const below = excess.filter(({ x, s }) => x < s.expectedExcessLow).length;
      const above = excess.filter(({ x, s }) => x > s.expectedExcessHigh).length;
      const n = members.length;
      return { fifth, members: n, inside: (n - below - above) / n, below: below / n, above: above / n };
    });
    expect(byFifth.map((f) => f.members)).toEqual([3, 2, 3, 2, 2]);
    expect(ranges.dates).toEqual([{ date: "2026-11-30", members: symbols.length, leftOut: 0, byFifth }]);
    expect(ranges.running!.map((f) => f.inside)).toEqual(byFifth.map((f) => f.inside));
    expect(ranges.verdict).toBeNull();
  } finally {
    await g.close();
  }
}, 120_000);
