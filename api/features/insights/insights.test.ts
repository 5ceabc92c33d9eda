import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
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
      const res = await t.request("/api/insights/analyze", { method: "POST", token: alice.token, json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain("ymbol");
    }
  });

  test("without an engine configured, analyze answers 503 with a clear message", async () => {
    const res = await t.request("/api/insights/analyze", {
      method: "POST",
      token: alice.token,
      json: { symbol: "aapl" },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toContain("not available");
  });

  test("history is the caller's own, newest first, paginated with a total", async () => {
    await saveInsight(t.deps, alice.id, draft("AAPL"));
    t.clock.advance(1000);
    await saveInsight(t.deps, alice.id, draft("MSFT"));
    await saveInsight(t.deps, bob.id, draft("NVDA"));
    const res = await t.request("/api/insights/history", { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    const items = (await res.json()) as Array<{ symbol: string; keyFactors: string[]; userId?: number }>;
    expect(items.map((i) => i.symbol)).toEqual(["MSFT", "AAPL"]);
    expect(items[0]!.keyFactors).toEqual(["a", "b"]);
    expect(items[0]).not.toHaveProperty("userId");
    const page2 = (await (
      await t.request("/api/insights/history?page=2&pageSize=1", { token: alice.token })
    ).json()) as Array<{
      symbol: string;
    }>;
    expect(page2.map((i) => i.symbol)).toEqual(["AAPL"]);
    const bobs = (await (await t.request("/api/insights/history", { token: bob.token })).json()) as Array<{
      symbol: string;
    }>;
    expect(bobs.map((i) => i.symbol)).toEqual(["NVDA"]);
    expect((await t.request("/api/insights/history?pageSize=1000", { token: bob.token })).status).toBe(400);
    expect((await t.request("/api/insights/history")).status).toBe(401);
  });

  test("the model's decile, expected return with its 80% interval and horizon are stored and answered", async () => {
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
    const history = (await (await t.request("/api/insights/history", { token: bob.token })).json()) as Array<
      Record<string, unknown>
    >;
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
    const res = await m.request("/api/insights/analyze", {
      method: "POST",
      token,
      json: { symbol: " aapl " },
    });
    expect(res.status).toBe(201);
    const insight = (await res.json()) as { id: number; symbol: string; confidence: number; asOf: string };
    expect(insight).toMatchObject({ symbol: "AAPL", asOf: "2023-10-27" });
    const history = (await (await m.request("/api/insights/history", { token })).json()) as Array<{
      id: number;
    }>;
    expect(history.map((h) => h.id)).toEqual([insight.id]);
    const unknown = await m.request("/api/insights/analyze", {
      method: "POST",
      token,
      json: { symbol: "ZZZZ" },
    });
    expect(unknown.status).toBe(404);
    // The demo market says why: the symbol is not one of its stocks (AAPL alone here; the index is not a stock).
    expect(((await unknown.json()) as { message: string }).message).toBe(
      "Unknown symbol 'ZZZZ': not among the 1 demo stock.",
    );
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
