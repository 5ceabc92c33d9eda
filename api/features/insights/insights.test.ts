import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { saveInsight } from "./insights.service.ts";

let t: TestApp;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["alice", "bob"] as const) {
    const user = await t.createUser({ firstName: who });
    const entry = { id: user.id, token: await t.signIn(user.email, "correct-horse-battery") };
    if (who === "alice") alice = entry;
    else bob = entry;
  }
});
afterAll(() => t.close());

const draft = (symbol: string) => ({
  symbol,
  recommendation: "BUY" as const,
  riskLevel: "MEDIUM" as const,
  currentPrice: 100,
  projectedPrice: 104,
  confidence: 61,
  timeHorizon: "20 trading days",
  targetDate: "2023-11-24",
  reasoning: "Stored as answered.",
  newsImpact: "NEUTRAL" as const,
  keyFactors: ["a", "b"],
});

describe(`insights on ${testDbKind}`, () => {
  test("analyze validates the symbol before anything else", async () => {
    for (const json of [
      {},
      { symbol: "" },
      { symbol: "   " },
      { symbol: "WAYTOOLONGSYM" },
      { symbol: "BAD$" },
      { symbol: 7 },
    ]) {
      const res = t.request("/api/insights/analyze", { method: "POST", token: alice.token, json });
      expect((await errorOf(res, 400)).message).toContain("ymbol");
    }
  });

  test("without an engine configured, analyze answers 503 with a clear message", async () => {
    const res = t.api(alice.token).insights.analyze.$post({ json: { symbol: "aapl" } });
    expect((await bodyOf(res, 503)).message).toContain("not available");
  });

  test("history is the caller's own, newest first, paginated with a total", async () => {
    await saveInsight(t.deps, alice.id, draft("AAPL"));
    t.clock.advance(1000);
    await saveInsight(t.deps, alice.id, draft("MSFT"));
    await saveInsight(t.deps, bob.id, draft("NVDA"));
    const history = (token: string, query = {}) => t.api(token).insights.history.$get({ query });
    const res = await history(alice.token);
    expect(res.headers.get("x-total-count")).toBe("2");
    const items = await bodyOf(res, 200);
    expect(items.map((i) => i.symbol)).toEqual(["MSFT", "AAPL"]);
    expect(items[0]!.keyFactors).toEqual(["a", "b"]);
    expect(items[0]).not.toHaveProperty("userId");
    const page2 = await bodyOf(history(alice.token, { page: "2", pageSize: "1" }), 200);
    expect(page2.map((i) => i.symbol)).toEqual(["AAPL"]);
    const bobs = await bodyOf(history(bob.token), 200);
    expect(bobs.map((i) => i.symbol)).toEqual(["NVDA"]);
    expect((await history(bob.token, { pageSize: "1000" })).status).toBe(400);
    expect((await history("")).status).toBe(401);
  });

  test("the model's decile, expected return with its fitted range and horizon are stored and answered", async () => {
    const model = {
      decile: 9,
      expectedReturn: 0.021,
      expectedReturnLow: -0.1,
      expectedReturnHigh: 0.15,
      horizonDays: 60,
    };
    const saved = await saveInsight(t.deps, bob.id, {
      ...draft("KO"),
      recommendation: "WATCH",
      probability: 0.55,
      ...model,
    });
    expect(saved).toMatchObject({ recommendation: "WATCH", probability: 0.55, ...model });
    const history = await bodyOf(t.api(bob.token).insights.history.$get({ query: {} }), 200);
    expect(history[0]).toMatchObject({ symbol: "KO", ...model });
    // Older analyses, saved without them, answer nulls.
    expect(history[1]).toMatchObject({
      symbol: "NVDA",
      decile: null,
      expectedReturn: null,
      horizonDays: null,
    });
  });
});

describe(`analyze on the real demo market (${testDbKind})`, () => {
  let m: TestApp;
  let token: string;
  beforeAll(async () => {
    m = await startTestApp();
    await m.useDemoMarket({ symbols: ["AAPL"], from: "2022-01-01" });
    token = await m.signIn((await m.createUser()).email, "correct-horse-battery");
  });
  afterAll(() => m.close());

  test("analyze answers the stored insight; history shows it; unknown symbols are a clear 404", async () => {
    const insight = await bodyOf(m.api(token).insights.analyze.$post({ json: { symbol: " aapl " } }), 201);
    expect(insight).toMatchObject({ symbol: "AAPL", asOf: "2023-10-27" });
    const history = await bodyOf(m.api(token).insights.history.$get({ query: {} }), 200);
    expect(history.map((h) => h.id)).toEqual([insight.id]);
    const unknown = m.api(token).insights.analyze.$post({ json: { symbol: "ZZZZ" } });
    // The demo market says why: the symbol is not one of its stocks (AAPL alone here; the index is not a stock).
    expect((await bodyOf(unknown, 404)).message).toBe("Unknown symbol 'ZZZZ': not among the 1 demo stock.");
  });

  test("analysing a symbol again on the same market date updates its analysis instead of stacking a copy", async () => {
    const analyze = async () =>
      (await (
        await m.request("/api/insights/analyze", { method: "POST", token, json: { symbol: "AAPL" } })
      ).json()) as { id: number; createdAt: string };
    const first = await analyze();
    m.clock.advance(5_000);
    const again = await analyze();
    expect(again.id).toBe(first.id);
    expect(Date.parse(again.createdAt)).toBe(Date.parse(first.createdAt) + 5_000);
    const history = (await (await m.request("/api/insights/history", { token })).json()) as Array<{
      id: number;
      createdAt: string;
    }>;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id: first.id, createdAt: again.createdAt });
  });

  test("more than 30 analyses a minute are refused with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await m.request("/api/insights/analyze", { method: "POST", token, json: { symbol: "AAPL" } }))
          .status,
      );
    }
    // Four requests (one for an unknown symbol) already counted in the previous tests within the same minute.
    expect(statuses.filter((s) => s === 201)).toHaveLength(26);
    const blocked = await m.request("/api/insights/analyze", {
      method: "POST",
      token,
      json: { symbol: "AAPL" },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    m.clock.advance(61_000);
    token = await m.signIn((await m.createUser()).email, "correct-horse-battery");
    expect(
      (await m.request("/api/insights/analyze", { method: "POST", token, json: { symbol: "AAPL" } })).status,
    ).toBe(201);
  });
});
