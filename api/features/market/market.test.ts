import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL"], from: "2021-06-01" });
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
});
afterAll(() => t.close());

test("a year of closes with 50- and 200-day averages, ending at the market date", async () => {
  const res = await t.request("/api/market/history/aapl", { token });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    asOf: string;
    points: Array<{ date: string; close: number; sma50: number; sma200: number }>;
  };
  expect(body.points).toHaveLength(252);
  const last = body.points.at(-1)!;
  expect(last).toMatchObject({ date: "2023-10-27", close: 168.22 });
  // Every shown day has both averages (200 earlier sessions were loaded for them).
  expect(body.points.every((p) => p.sma50 !== null && p.sma200 !== null)).toBe(true);
  expect((await t.request("/api/market/history/NOPE", { token })).status).toBe(404);
  expect((await t.request("/api/market/history/bad$sym", { token })).status).toBe(400);
});

test("the market status says where data comes from and its date", async () => {
  const res = await t.request("/api/market/status");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ source: "demo", demo: true, asOf: "2023-10-27" });
});
