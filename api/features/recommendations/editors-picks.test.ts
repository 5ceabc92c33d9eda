import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAnalysisEngine } from "../../analysis/engine.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { generateForDate } from "./generate.service.ts";

let t: TestApp;
let admin: string;
let investor: string;
let today: string;
beforeAll(async () => {
  t = await startTestApp();
  today = await t.useDemoMarket({
    symbols: ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT", "CAT", "DIS"],
    from: "2021-06-01",
  });
  const a = await t.createUser({ isAdmin: true });
  const u = await t.createUser();
  admin = await t.signIn(a.email, "correct-horse-battery");
  investor = await t.signIn(u.email, "correct-horse-battery");
});
afterAll(() => t.close());

const latest = () => bodyOf(t.api(investor).recommendations.latest.$get(), 200);
const historical = (query: { fromDate: string; toDate?: string }) =>
  bodyOf(t.api(investor).recommendations.historical.$get({ query }), 200);

describe(`editor's picks beside the model (${testDbKind})`, () => {
  test("a pick lists after the model's calls of its date and carries the model's own view of the stock", async () => {
    await generateForDate(t.deps, today);
    const engine = createAnalysisEngine(t.deps.database.db, () => today);
    const universe = await engine.scoreUniverse(today);
    const generated = await latest();
    // A stock the model ranked but did not call: the editor picks what the model holds.
    const held = universe.find((s) => !generated.some((g) => g.symbol === s.symbol))!;
    const close = held.close;
    const posted = await t.request("/api/recommendations", {
      method: "POST",
      token: admin,
      json: {
        symbol: held.symbol,
        buyPrice: close.toFixed(2),
        sellTarget: (close * 1.2).toFixed(2),
        confidence: 95,
        estimatedDate: "2024-06-28",
        reason: "The editor's own thesis.",
      },
    });
    expect(posted.status).toBe(201);

    for (const list of [await latest(), await historical({ fromDate: today })]) {
      expect(list.length).toBe(generated.length + 1);
      // The editor's 95% does not lift the pick above the model's calls.
      expect(list.at(-1)!.symbol).toBe(held.symbol);
      expect(list.slice(0, -1).every((r) => r.source === "model")).toBe(true);
      const pick = list.at(-1)!;
      expect(pick.source).toBe("admin");
      expect(pick.modelView).toMatchObject({
        call: held.call,
        decile: held.decile,
        confidence: Math.round(held.probability * 100),
        statedEvent: held.decile >= 6 ? "beats-median" : "trails-median",
      });
      for (const call of list.slice(0, -1)) expect(call.modelView).toBeUndefined();
    }
  });

  test("a pick on a day the model ranked nothing has no model view", async () => {
    const saturday = "2023-10-28";
    const posted = await t.request(`/api/recommendations?recommendationDate=${saturday}`, {
      method: "POST",
      token: admin,
      json: {
        symbol: "KO",
        buyPrice: "55.00",
        sellTarget: "60.00",
        confidence: 70,
        estimatedDate: "2024-06-28",
        reason: "A weekend note.",
      },
    });
    expect(posted.status).toBe(201);
    const list = await historical({ fromDate: saturday, toDate: saturday });
    expect(list.map((r) => [r.symbol, r.modelView])).toEqual([["KO", null]]);
  });
});
