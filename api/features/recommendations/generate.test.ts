import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gt } from "drizzle-orm";
import { dailyPrices, recommendations } from "../../../db/schema/index.ts";
import { createAnalysisEngine } from "../../analysis/engine.ts";
import { securityNames } from "../../market/price-history.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { generateRecommendations, weeklyDates } from "./generate.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({
    symbols: ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT"],
  });
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
  }));

describe(`recommendation generator (${testDbKind})`, () => {
  test("weekly dates are each week's last trading day", () => {
    const days = ["2023-10-16", "2023-10-17", "2023-10-20", "2023-10-23", "2023-10-27", "2023-10-30"];
    expect(weeklyDates(days, "2023-10-27", 52)).toEqual(["2023-10-20", "2023-10-27"]);
    expect(weeklyDates(days, "2023-10-27", 1)).toEqual(["2023-10-27"]);
  });

  test("posts long calls with the close as buy price, a target above it, and is idempotent per date", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => DATE);
    const names = await securityNames(t.deps.database.db);
    const [first] = await generateRecommendations(t.deps, engine, [DATE], names);
    expect(first!.scored).toBe(10);
    expect(first!.posted).toBeGreaterThan(0);
    const posted = await rows();
    for (const r of posted) {
      expect(r.target).toBeGreaterThan(r.buy);
      expect(r.estimatedDate).toBe("2023-07-28");
    }
    const [again] = await generateRecommendations(t.deps, engine, [DATE], names);
    expect(again!.posted).toBe(0);
    expect(await rows()).toEqual(posted);
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

test("admins generate today's calls through the API, idempotently", async () => {
  const g = await startTestApp();
  await g.useDemoMarket({ symbols: ["AAPL", "MSFT", "NVDA"], from: "2022-06-01" });
  const admin = await g.signIn((await g.createUser({ isAdmin: true })).email, "correct-horse-battery");
  const first = await g.request("/api/recommendations/generate", { method: "POST", token: admin });
  expect(first.status).toBe(200);
  const body = (await first.json()) as { date: string; posted: number };
  expect(body.date).toBe("2023-10-27");
  const again = (await (
    await g.request("/api/recommendations/generate", { method: "POST", token: admin })
  ).json()) as {
    posted: number;
    alreadyThere: number;
  };
  expect(again).toMatchObject({ posted: 0, alreadyThere: body.posted });
  await g.close();
});
