import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startOnDemoSlice } from "../../test/demo-slice.ts";
import { bodyOf, type TestApp, testDbKind } from "../../test/harness.ts";
import { generateForDate } from "./generate.service.ts";

// Issue 39 point 5: a model call's sellTarget (and an analysis's projectedPrice) is the price moved by the return
// expected over the median stock, not an expected price. The answers keep the spec's fields; the API document says
// what they mean, and the values are what it says.
let t: TestApp;
let token: string;
const DATE = "2023-06-30";
beforeAll(async () => {
  t = await startOnDemoSlice(["HD", "MRK"]);
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
  await generateForDate(t.deps, DATE);
}, 120_000);
afterAll(() => t.close());

describe(`prices that mean what they say (${testDbKind})`, () => {
  test("the API document states sellTarget and projectedPrice are marks against the median, not expected prices", async () => {
    const { schemas } = (await t.openApi()).components;
    const sellTarget = schemas.Recommendation!.properties!.sellTarget!.description!;
    expect(sellTarget).toContain("For an editor's pick (source admin): the editor's target price.");
    expect(sellTarget).toContain("buyPrice × (1 + expectedExcessReturn)");
    expect(sellTarget).toContain("NOT an expected price");
    expect(sellTarget).toContain("decimal string with two places");
    const projected = schemas.Insight!.properties!.projectedPrice!.description!;
    expect(projected).toContain("currentPrice × (1 + expectedExcessReturn)");
    expect(projected).toContain("NOT an expected price");
  });

  test("a model call's sellTarget is a numeric string: the buy price moved by the expected excess, as documented", async () => {
    const res = t.api(token).recommendations.historical.$get({ query: { fromDate: DATE, toDate: DATE } });
    const calls = await bodyOf(res, 200);
    const listed = calls.filter((c) => c.source === "model");
    expect(listed.length).toBeGreaterThan(0);
    // The lists send the excess at the tenth of a point shown (decision 151); the detail has it whole.
    const model = await Promise.all(
      listed.map((c) =>
        bodyOf(t.api(token).recommendations[":id"].$get({ param: { id: String(c.id) } }), 200),
      ),
    );
    for (const c of model) {
      expect(c.sellTarget).toMatch(/^\d+\.\d{2}$/);
      expect(c.expectedExcessReturn).not.toBeNull();
      const mark = Number(c.buyPrice) * (1 + c.expectedExcessReturn!);
      expect(Math.abs(Number(c.sellTarget) - mark)).toBeLessThanOrEqual(0.011);
      // Only BUY calls are posted, each expected to beat the median stock.
      expect(c.call).toBe("BUY");
      expect(c.expectedExcessReturn!).toBeGreaterThan(0);
    }
  });

  test("an analysis's projectedPrice is the current price moved by the expected excess, as documented", async () => {
    const insight = await bodyOf(t.api(token).insights.analyze.$post({ json: { symbol: "KO" } }), 201);
    const excess = insight.expectedExcessReturn!;
    expect(insight.projectedPrice).toBeCloseTo(insight.currentPrice * (1 + excess), 2);
  });
});
