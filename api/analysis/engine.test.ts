import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, gt } from "drizzle-orm";
import { dailyPrices } from "../../db/schema/index.ts";
import { startTestApp, type TestApp, testDbKind } from "../test/harness.ts";
import { createAnalysisEngine, UnknownSymbolError } from "./engine.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2021-06-01" });
});
afterAll(() => t.close());

describe(`analysis engine on real demo prices (${testDbKind})`, () => {
  test("an insight with every field of the spec, from data as of the market date", async () => {
    const insight = await t.deps.analysis!.analyze("AAPL");
    expect(insight).toMatchObject({
      symbol: "AAPL",
      asOf: "2023-10-27",
      currentPrice: 168.22,
      targetDate: "2023-11-24",
    });
    expect(["BUY", "SELL", "HOLD", "WATCH"]).toContain(insight.recommendation);
    expect(["LOW", "MEDIUM", "HIGH"]).toContain(insight.riskLevel);
    expect(insight.confidence).toBeGreaterThanOrEqual(0);
    expect(insight.confidence).toBeLessThanOrEqual(100);
    expect(insight.keyFactors.length).toBeGreaterThan(0);
    expect(insight.reasoning).toContain("AAPL");
    expect(insight.newsImpact).toBe("NEUTRAL");
  });

  test("unknown symbols and the benchmark itself are refused", async () => {
    await expect(t.deps.analysis!.analyze("NOPE")).rejects.toBeInstanceOf(UnknownSymbolError);
    await expect(t.deps.analysis!.analyze("^GSPC")).rejects.toBeInstanceOf(UnknownSymbolError);
  });

  test("no look-ahead: changing prices after the analysis date does not change the result", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-06-30");
    const before = await engine.analyze("MSFT");
    await t.deps.database.db
      .update(dailyPrices)
      .set({ close: 1, adjClose: 1, high: 1, low: 1 })
      .where(and(eq(dailyPrices.symbol, "MSFT"), gt(dailyPrices.date, "2023-06-30")));
    const after = await engine.analyze("MSFT");
    expect(after).toEqual(before);
    expect(before.asOf).toBe("2023-06-30");
  });

  test("scoring the universe matches scoring one symbol", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-06-30");
    const all = await engine.scoreUniverse("2023-06-30");
    expect(all.map((s) => s.symbol).sort()).toEqual(["AAPL", "MSFT"]);
    const one = await engine.analyze("AAPL");
    const fromUniverse = all.find((s) => s.symbol === "AAPL")!;
    expect(Math.round(fromUniverse.prediction.probabilityUp * 10_000) / 10_000).toBe(one.probability!);
  });
});
