import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { answerChecker } from "./answer-check.ts";
import { startTestApp, type TestApp } from "./harness.ts";

// The check the contract suite puts on every answer (decision 090) rejects what a generated client could not read.
let t: TestApp;
let check: Awaited<ReturnType<typeof answerChecker>>;
beforeAll(async () => {
  t = await startTestApp();
  check = await answerChecker(t);
});
afterAll(() => t.close());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("answers checked against the served API document", () => {
  test("a documented answer passes", async () => {
    await check("GET", "/api/market/status", json({ source: "demo", demo: true, asOf: "2023-10-27" }));
  });

  test("an undocumented enum value, a number where money is a string, a non-date are refused", async () => {
    await expect(
      check("GET", "/api/market/status", json({ source: "fixed", demo: true, asOf: null })),
    ).rejects.toThrow("GET /api/market/status → 200: the answer does not fit the API document: source");
    await expect(
      check("GET", "/api/market/status", json({ source: "demo", demo: true, asOf: "27/10/2023" })),
    ).rejects.toThrow("asOf");
    const rec = {
      id: 1,
      symbol: "AAPL",
      buyPrice: 187.25,
      sellTarget: "205.00",
      confidence: 70,
      aggressive: false,
      aggressiveBasis: "set",
      estimatedDate: "2023-12-01",
      recommendationDate: "2023-10-27",
      reason: "r",
      source: "admin",
    };
    await expect(check("GET", "/api/recommendations/latest?x=1", json([rec]))).rejects.toThrow("0.buyPrice");
  });

  test("a success status the operation does not declare is refused", async () => {
    await expect(check("DELETE", "/api/watchlist/3", new Response(null, { status: 204 }))).rejects.toThrow(
      "does not declare this status",
    );
  });
});
