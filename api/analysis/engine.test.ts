import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, gt } from "drizzle-orm";
import { dailyPrices } from "../../db/schema/index.ts";
import { UnknownSymbolError } from "../lib/market-port.ts";
import { startTestApp, type TestApp, testDbKind } from "../test/harness.ts";
import { createAnalysisEngine, signedPercent } from "./engine.ts";

const SYMBOLS = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT", "CAT", "DIS"];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: SYMBOLS, from: "2021-06-01" });
});
afterAll(() => t.close());

/** Every percentage a text prints. */
export const percentagesIn = (text: string) => text.match(/[-+]?\d+(?:\.\d+)?%/g) ?? [];

describe(`analysis engine on real demo prices (${testDbKind})`, () => {
  test("an insight with every field it shows and the model's call, decile and expected return", async () => {
    const insight = await t.deps.analysis!.analyze("AAPL");
    expect(insight).toMatchObject({
      symbol: "AAPL",
      asOf: "2023-10-27",
      currentPrice: 168.22,
      // 60 NYSE sessions after 2023-10-27, skipping Thanksgiving, Christmas, New Year and Martin Luther King Day.
      targetDate: "2024-01-25",
      timeHorizon: "60 trading days",
      horizonDays: 60,
      modelVersion: "xgb-rank-h60-2023",
    });
    expect(["BUY", "SELL", "HOLD", "WATCH"]).toContain(insight.recommendation);
    expect(insight.decile).toBeGreaterThanOrEqual(1);
    expect(insight.decile).toBeLessThanOrEqual(10);
    expect(insight.confidence).toBe(Math.round(insight.probability! * 100));
    expect(insight.expectedReturnLow!).toBeLessThan(insight.expectedReturn!);
    expect(insight.expectedReturnHigh!).toBeGreaterThan(insight.expectedReturn!);
    expect(insight.projectedPrice).toBeCloseTo(168.22 * (1 + insight.expectedReturn!), 2);
    expect(insight.keyFactors).toHaveLength(4);
    expect(insight.reasoning).toContain(`decile ${insight.decile} of 10`);
  });

  test("every percentage in a reason is a stored field", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-10-27");
    for (const symbol of SYMBOLS) {
      const insight = await engine.analyze(symbol);
      const stored = [
        `${insight.confidence}%`,
        signedPercent(insight.expectedReturn!),
        signedPercent(insight.expectedReturnLow!),
        signedPercent(insight.expectedReturnHigh!),
      ];
      const printed = percentagesIn(insight.reasoning);
      expect(printed.length).toBe(4);
      for (const p of printed) expect(stored).toContain(p);
    }
  });

  test("unknown symbols and the benchmark itself are refused", async () => {
    await expect(t.deps.analysis!.analyze("NOPE")).rejects.toBeInstanceOf(UnknownSymbolError);
    await expect(t.deps.analysis!.analyze("^GSPC")).rejects.toBeInstanceOf(UnknownSymbolError);
  });

  test("no look-ahead: rewriting prices after the analysis date does not change the result", async () => {
    const before = await createAnalysisEngine(t.deps.database.db, () => "2023-06-30").analyze("MSFT");
    await t.deps.database.db
      .update(dailyPrices)
      .set({ close: 1, adjClose: 1, high: 1, low: 1 })
      .where(and(eq(dailyPrices.symbol, "MSFT"), gt(dailyPrices.date, "2023-06-30")));
    const after = await createAnalysisEngine(t.deps.database.db, () => "2023-06-30").analyze("MSFT");
    expect(after).toEqual(before);
    expect(before.asOf).toBe("2023-06-30");
  });

  test("scoring the universe matches analysing one symbol, and deciles spread over the universe", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-06-30");
    const all = await engine.scoreUniverse("2023-06-30");
    expect(all.map((s) => s.symbol).sort()).toEqual([...SYMBOLS].sort());
    const one = await engine.analyze("AAPL");
    const fromUniverse = all.find((s) => s.symbol === "AAPL")!;
    expect(Number(fromUniverse.probability.toFixed(4))).toBe(one.probability!);
    expect(fromUniverse.decile).toBe(one.decile!);
    expect(new Set(all.map((s) => s.decile)).size).toBeGreaterThan(5);
    expect([...new Set(all.map((s) => s.call))].sort()).toEqual(["BUY", "HOLD", "SELL", "WATCH"]);
  });
});
