import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { seedRecommendationHistory } from "../../seed/recommendation-history.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({
    symbols: ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT"],
  });
  await seedRecommendationHistory(t.deps, "2023-10-27", 26);
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
});
afterAll(() => t.close());

type Perf = {
  asOf: string;
  count: number;
  open: number;
  resolved: number;
  hits: number;
  hitRate: number | null;
  bands: Array<{ band: string; count: number; resolved: number }>;
  cumulative: Array<{ date: string }>;
  method: string;
};

describe(`track record on real demo prices (${testDbKind})`, () => {
  test("totals add up, open calls are the recent ones, and the method is stated", async () => {
    const res = await t.request("/api/recommendations/performance", { token });
    expect(res.status).toBe(200);
    const p = (await res.json()) as Perf;
    expect(p.asOf).toBe("2023-10-27");
    expect(p.count).toBeGreaterThan(50);
    expect(p.open + p.resolved).toBe(p.count);
    expect(p.open).toBeGreaterThan(0);
    expect(p.resolved).toBeGreaterThan(0);
    expect(p.hitRate).toBeCloseTo(p.hits / p.resolved, 10);
    expect(p.bands.reduce((n, b) => n + b.count, 0)).toBe(p.count);
    expect(p.cumulative.length).toBeGreaterThan(0);
    expect(p.method).toContain("S&P 500");
  });

  test("historical answers carry each call's outcome; the latest ones are still open", async () => {
    const latest = (await (await t.request("/api/recommendations/latest", { token })).json()) as Array<{
      outcome: { status: string };
    }>;
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((r) => r.outcome.status === "open")).toBe(true);
    const old = (await (
      await t.request("/api/recommendations/historical?fromDate=2023-05-01&toDate=2023-05-31", { token })
    ).json()) as Array<{ outcome: { status: string; realisedReturn: number | null } }>;
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((r) => r.outcome.status === "hit" || r.outcome.status === "missed")).toBe(true);
    expect(old.every((r) => typeof r.outcome.realisedReturn === "number")).toBe(true);
  });

  test("filters apply and are validated", async () => {
    const one = (await (
      await t.request("/api/recommendations/performance?symbol=AAPL", { token })
    ).json()) as Perf;
    const all = (await (await t.request("/api/recommendations/performance", { token })).json()) as Perf;
    expect(one.count).toBeLessThanOrEqual(all.count);
    expect(
      (await t.request("/api/recommendations/performance?fromDate=2023-10-01&toDate=2023-01-01", { token }))
        .status,
    ).toBe(400);
    expect((await t.request("/api/recommendations/performance")).status).toBe(401);
  });
});
