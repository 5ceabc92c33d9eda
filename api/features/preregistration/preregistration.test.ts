import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { recommendations } from "../../../db/schema/index.ts";
import { PREREGISTRATION } from "../../analysis/preregistration.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { weeksCollected } from "./preregistration.service.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-06-01" });
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
}, 60_000);
afterAll(() => t.close());

const preregistration = () => bodyOf(t.api(token).preregistration.$get(), 200);

/** A call of the registered model written straight to the database, as the daily job would write it. */
const liveCall = (symbol: string, recommendationDate: string, modelVersion = PREREGISTRATION.modelVersion) =>
  t.deps.database.db.insert(recommendations).values({
    symbol,
    buyPriceCents: 10_000,
    sellTargetCents: 10_100,
    confidence: 52,
    aggressive: false,
    aggressiveBasis: "volatility 20% a year < 35%",
    estimatedDate: "2027-03-01",
    recommendationDate,
    reason: "written to the database directly",
    source: "model",
    modelVersion,
  });

describe(`pre-registered test of live calls (${testDbKind})`, () => {
  test("the answer carries the hash, the statistic, N and n: none collected in the demo market", async () => {
    const body = await preregistration();
    expect(body.sha256).toBe(PREREGISTRATION.sha256);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.modelVersion).toBe("xgb-rank-h60-live");
    expect(body.firstDate).toBe("2026-11-30");
    expect(body.weeksNeeded).toBe(396);
    expect(body.datesNeeded).toBe(99);
    expect(body.perDateSd).toBe(0.1188);
    // The demo market's day is 2023-10-27, before the first registered date: no live week yet.
    expect(body.weeksCollected).toBe(0);
    expect(body.summary).toBe("0 of 396 weeks collected");
    expect(body.test).toBe("one-sided one-sample t-test of mean correlation > 0 at 5%");
  });

  test("weeks count once their calls' 20-session outcome is known, only for the registered model", async () => {
    await liveCall("AAPL", "2026-11-30");
    await liveCall("MSFT", "2026-12-01"); // the same week
    await liveCall("AAPL", "2026-12-07");
    await liveCall("AAPL", "2027-02-01"); // not resolved on 2027-02-05
    await liveCall("MSFT", "2026-12-14", "xgb-rank-h60-2023"); // another model: not counted
    await liveCall("MSFT", "2026-11-20"); // before the registration: not counted
    const demo = t.deps.market;
    t.deps.market = Object.assign(Object.create(demo), { marketToday: () => "2027-02-05" });
    try {
      const body = await preregistration();
      expect(body.weeksCollected).toBe(2);
      expect(body.summary).toBe("2 of 396 weeks collected");
    } finally {
      t.deps.market = demo;
    }
  });

  test("a week is collected 20 trading sessions after its call", () => {
    // 2026-11-30 + 20 trading sessions (Christmas Day closed) = 2026-12-29.
    expect(weeksCollected(["2026-11-30"], "2026-12-28")).toBe(0);
    expect(weeksCollected(["2026-11-30"], "2026-12-29")).toBe(1);
    expect(weeksCollected(["2026-11-30"], null)).toBe(0);
  });

  test("signed out is 401", async () => {
    expect((await t.request("/api/preregistration")).status).toBe(401);
  });
});
