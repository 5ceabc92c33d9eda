import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { eq, gt, inArray } from "drizzle-orm";
import { dailyPrices, liveScores, liveScorings, recommendations } from "../../../db/schema/index.ts";
import { createAnalysisEngine } from "../../analysis/engine.ts";
import { isMemberOn } from "../../analysis/index-membership.ts";
import { modelCatalog } from "../../analysis/model-store.ts";
import { PREREGISTRATION } from "../../analysis/preregistration.ts";
import { heldBackCoverageOf } from "../../analysis/range-calibration.ts";
import { runDueJobs } from "../../jobs/schedule.ts";
import { signedPercent, sizePercent, wholePercent } from "../../lib/format.ts";
import { addTradingSessions } from "../../lib/trading-calendar.ts";
import { allSymbols, securityNames } from "../../market/price-history.ts";
import { readServedModelFiles } from "../../runtime/model-files.ts";
import { seedRecommendationHistory } from "../../seed/recommendation-history.ts";
import { startOnDemoSlice } from "../../test/demo-slice.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { modelFor, SERVED_MODELS } from "../../test/served-models.ts";
import { generateForDate, generateRecommendations, weeklyDates } from "./generate.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startOnDemoSlice(["HD", "MRK"]);
});
afterAll(() => t.close());

const DATE = "2023-06-30";
const rows = async () =>
  (await t.deps.database.db.select().from(recommendations).orderBy(recommendations.symbol)).map((r) => ({
    symbol: r.symbol,
    buy: r.buyPriceCents,
    target: r.sellTargetCents,
    confidence: r.confidence,
    estimatedDate: r.estimatedDate,
    reason: r.reason,
    call: r.call,
    decile: r.decile,
    probability: r.probability,
    expectedReturn: r.expectedReturn,
    expectedExcessReturn: r.expectedExcessReturn,
    expectedExcessLow: r.expectedExcessLow,
    expectedExcessHigh: r.expectedExcessHigh,
    modelVersion: r.modelVersion,
  }));

/**
 * Every percentage in a reason must print one of the stored fields, the coin flip's 50%, the 80% the range is fitted
 * to hold or the measured coverage of a volatility fifth's ranges (the row does not store its fifth: the engine
 * test checks it is the stock's own).
 */
function expectReasonQuotesFields(r: Awaited<ReturnType<typeof rows>>[number]) {
  const stored = [
    `${r.confidence}%`,
    "50%",
    "80%",
    sizePercent(r.expectedExcessReturn!),
    signedPercent(r.expectedExcessLow!),
    signedPercent(r.expectedExcessHigh!),
    ...[1, 2, 3, 4, 5].map((fifth) => wholePercent(heldBackCoverageOf(fifth))),
  ];
  const printed = r.reason.match(/[-+]?\d+(?:\.\d+)?%/g) ?? [];
  expect(printed.length).toBeGreaterThan(0);
  for (const p of printed) expect(stored).toContain(p);
  expect(r.confidence).toBe(Math.round(r.probability! * 100));
}

describe(`recommendation generator (${testDbKind})`, () => {
  test("weekly dates are each week's last trading day", () => {
    const days = ["2023-10-16", "2023-10-17", "2023-10-20", "2023-10-23", "2023-10-27", "2023-10-30"];
    expect(weeklyDates(days, "2023-10-27", 52)).toEqual(["2023-10-20", "2023-10-27"]);
    expect(weeklyDates(days, "2023-10-27", 1)).toEqual(["2023-10-27"]);
  });

  test("posts the top decile's BUY calls: close as buy price, target = buy x (1 + expected excess return), 60 sessions", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => DATE);
    const names = await securityNames(t.deps.database.db);
    const [first] = await generateRecommendations(t.deps, engine, [DATE], names);
    expect(first!.scored).toBe(14);
    expect(first!.posted).toBeGreaterThan(0);
    const posted = await rows();
    const scored = await engine.scoreUniverse(DATE);
    for (const r of posted) {
      expect(r).toMatchObject({ call: "BUY", decile: 10, modelVersion: modelFor(DATE)!.version });
      // A BUY expects to beat the median stock, so its target is above its price (decision 066).
      expect(r.expectedExcessReturn!).toBeGreaterThan(0);
      expect(r.target).toBeGreaterThan(r.buy);
      expect(r.target).toBe(Math.round(r.buy * (1 + r.expectedExcessReturn!)));
      expect(r.expectedReturn).toBeNull();
      expect(r.reason).toContain(
        `expected to beat the median stock by ${sizePercent(r.expectedExcessReturn!)}`,
      );
      expect(r.estimatedDate).toBe(addTradingSessions(DATE, 60));
      expectReasonQuotesFields(r);
    }
    expect(posted.length).toBe(
      scored.filter(
        (s) =>
          s.call === "BUY" &&
          Math.round(s.close * (1 + s.expectedExcessReturn) * 100) > Math.round(s.close * 100),
      ).length,
    );
    const [again] = await generateRecommendations(t.deps, engine, [DATE], names);
    expect(again!.posted).toBe(0);
    expect(await rows()).toEqual(posted);
  });

  test("the daily job keeps every index member's score on its own date, once; a past date keeps none", async () => {
    const { db } = t.deps.database;
    const today = t.deps.market.marketToday();
    await runDueJobs(t.deps, ["generate-recommendations"]);
    await generateForDate(t.deps, today);
    // A past date is simulated (decision 109): its scores are not evidence.
    await generateForDate(t.deps, "2023-10-20");
    const scorings = await db.select().from(liveScorings);
    const model = modelFor(today)!;
    expect(scorings.map((s) => [s.date, s.modelVersion])).toEqual([[today, model.version]]);
    // The hash of the committed file that scored, as docs/model/preregistration.md hashes its model.
    const file = (await readServedModelFiles()).find((text) => JSON.parse(text).version === model.version)!;
    expect(scorings[0]!.modelSha256).toBe(createHash("sha256").update(file).digest("hex"));
    // And the live model's stored hash is the registered one, so its live scorings will count.
    expect((await modelCatalog(db)).get(PREREGISTRATION.modelVersion)?.sha256).toBe(PREREGISTRATION.sha256);
    // Every member of the date, not only the calls: scored ones with the model's score, the rest with none.
    const scored = await createAnalysisEngine(db, () => today).scoreUniverse(today);
    const members = (await allSymbols(db)).filter((s) => isMemberOn(s, today));
    expect(scored.length).toBeGreaterThan(10);
    const kept = await db.select().from(liveScores).where(eq(liveScores.scoringId, scorings[0]!.id));
    expect(new Map(kept.map((k) => [k.symbol, k.score]))).toEqual(
      new Map(members.map((s) => [s, scored.find((x) => x.symbol === s)?.raw ?? null])),
    );
    // The next test compares this file's calls for DATE only.
    await db
      .delete(recommendations)
      .where(inArray(recommendations.recommendationDate, [today, "2023-10-20"]));
  });

  test("no look-ahead: rewriting every price after the date changes nothing that date's generator says", async () => {
    const before = await rows();
    await t.deps.database.db.delete(recommendations);
    await t.deps.database.db
      .update(dailyPrices)
      .set({ close: 1, adjClose: 1, high: 1, low: 1 })
      .where(gt(dailyPrices.date, DATE));
    const engine = createAnalysisEngine(t.deps.database.db, () => DATE);
    await generateRecommendations(t.deps, engine, [DATE], await securityNames(t.deps.database.db));
    expect(await rows()).toEqual(before);
  });
});

test("the seeded year of history: each date by a model trained and calibrated before it, reasons quote fields", async () => {
  const g = await startTestApp();
  await g.useDemoMarket({
    symbols: ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT", "CAT", "DIS"],
    from: "2021-06-01",
  });
  const posted = await seedRecommendationHistory(g.deps, "2023-10-27");
  expect(posted).toBeGreaterThan(40);
  const seeded = await g.deps.database.db.select().from(recommendations);
  const versions = new Set<string>();
  for (const r of seeded) {
    const model = modelFor(r.recommendationDate)!;
    expect(r.modelVersion).toBe(model.version);
    expect(model.calibration.to < r.recommendationDate).toBe(true);
    expect(model.splits.trainLabelsEnd < r.recommendationDate).toBe(true);
    expect(r.call).toBe("BUY");
    // Made by the seed after the fact, the last week's (on the market's today) included: simulated.
    expect(r.provenance).toBe("simulated");
    expect(isMemberOn(r.symbol, r.recommendationDate)).toBe(true);
    expect(r.sellTargetCents).toBeGreaterThan(r.buyPriceCents);
    expectReasonQuotesFields({ ...r, buy: r.buyPriceCents, target: r.sellTargetCents });
    versions.add(r.modelVersion!);
  }
  // Simulated, the market's today included: no live scores kept.
  expect(await g.deps.database.db.select().from(liveScorings)).toEqual([]);
  // The seeded year spans two model years: 2022's model until December, 2023's from January.
  expect([...versions].sort()).toEqual(SERVED_MODELS.slice(0, 2).map((m) => m.version));
  await g.close();
});

test("admins generate today's calls through the API, idempotently", async () => {
  const g = await startTestApp();
  await g.useDemoMarket({ symbols: ["AAPL", "MSFT", "NVDA"], from: "2022-06-01" });
  const admin = await g.signIn((await g.createUser({ isAdmin: true })).email, "correct-horse-battery");
  const generate = () => bodyOf(g.api(admin).recommendations.generate.$post(), 200);
  const body = await generate();
  expect(body.date).toBe("2023-10-27");
  const again = await generate();
  expect(again).toMatchObject({ posted: 0, alreadyThere: body.posted });
  await g.close();
});

test("no generated call is outside the index on its date: the whole demo market, the dates the issue found", async () => {
  const g = await startTestApp();
  const csv = await Bun.file("data/market/securities.csv").text();
  const every = csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!.replaceAll('"', ""));
  await g.useDemoMarket({ symbols: every, from: "2021-09-01" });
  // SEE left the index on 2023-10-18 and PODD joined on 2023-03-15: the survivors-only universe posted both.
  const dates = ["2022-10-28", "2023-01-27", "2023-06-30", "2023-10-20", "2023-10-27"];
  const engine = createAnalysisEngine(g.deps.database.db, () => dates.at(-1)!);
  const reports = await generateRecommendations(
    g.deps,
    engine,
    dates,
    await securityNames(g.deps.database.db),
  );
  const posted = await g.deps.database.db.select().from(recommendations);
  expect(posted.length).toBe(reports.reduce((n, r) => n + r.posted, 0));
  expect(posted.length).toBeGreaterThan(20);
  for (const r of posted) {
    expect(`${r.symbol} ${r.recommendationDate} ${isMemberOn(r.symbol, r.recommendationDate)}`).toBe(
      `${r.symbol} ${r.recommendationDate} true`,
    );
    expect(r.expectedExcessReturn!).toBeGreaterThan(0);
    expect(r.sellTargetCents).toBeGreaterThan(r.buyPriceCents);
  }
  // Each date ranks only its members: on these two, fewer than the demo market's stocks.
  const scoredOn = new Map(reports.map((r) => [r.date, r.scored]));
  expect(scoredOn.get("2023-01-27")!).toBeLessThan(every.length - 1);
  expect(scoredOn.get("2023-10-20")!).toBeLessThan(every.length - 1);
  await g.close();
}, 60_000);
