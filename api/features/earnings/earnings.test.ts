import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["WYNN", "CTLT", "LKQ", "AAPL"], from: "2020-09-01" });
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
});
afterAll(() => t.close());

type Answer = {
  earnings: Array<Record<string, unknown> & { date: string; growthProbability: number; time: string }>;
  count: number;
  from: string;
  to: string;
};

describe(`earnings calendar on real demo prices (${testDbKind})`, () => {
  test("the next 7 days after the market date, every field of the spec, estimates marked", async () => {
    const res = await t.request("/api/earnings-calendar", { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body).toMatchObject({ from: "2023-10-28", to: "2023-11-03" });
    expect(body.count).toBe(body.earnings.length);
    expect(body.count).toBeGreaterThan(0);
    for (const e of body.earnings) {
      expect(e.date >= body.from && e.date <= body.to).toBe(true);
      for (const key of [
        "symbol",
        "companyName",
        "industry",
        "quarter",
        "year",
        "date",
        "time",
        "growthProbability",
        "targetPrice",
        "epsEstimate",
        "revenueEstimate",
      ]) {
        expect(e).toHaveProperty(key);
      }
      expect(e.time).toContain("time not set");
      expect(e.growthProbability).toBeGreaterThanOrEqual(0);
      expect(e.growthProbability).toBeLessThanOrEqual(100);
      expect(e).toMatchObject({ estimated: true, epsEstimate: null, revenueEstimate: null });
      expect(typeof e.industry === "string" && (e.industry as string).length > 0).toBe(true);
    }
    const symbols = body.earnings.map((e) => e.symbol);
    expect(symbols).toContain("WYNN");
    expect(symbols).not.toContain("AAPL"); // reports in the first days of November: outside this window
  });

  test("signed out is 401", async () => {
    expect((await t.request("/api/earnings-calendar")).status).toBe(401);
  });
});
