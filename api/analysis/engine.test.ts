import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, gt } from "drizzle-orm";
import { dailyPrices } from "../../db/schema/index.ts";
import { calendarDay, signedPercent, sizePercent, wholePercent } from "../lib/format.ts";
import { UnknownSymbolError } from "../lib/market-port.ts";
import { DEMO_SLICE, startOnDemoSlice } from "../test/demo-slice.ts";
import { type TestApp, testDbKind } from "../test/harness.ts";
import { modelFor } from "../test/served-models.ts";
import { createAnalysisEngine } from "./engine.ts";
import { isMemberOn } from "./index-membership.ts";
import { heldBackCoverageOf, RANGE_BANDS } from "./range-calibration.ts";
import { rangeUnit } from "./ranker.ts";

// SEE left the index on 2023-10-18 and PODD joined on 2023-03-15: both are in the demo market, both outsiders on
// some of its dates.
const OUTSIDERS = ["SEE", "PODD"];
const SYMBOLS = [...DEMO_SLICE, ...OUTSIDERS];
let t: TestApp;
beforeAll(async () => {
  t = await startOnDemoSlice(OUTSIDERS);
});
afterAll(() => t.close());

/** Every percentage a text prints. */
export const percentagesIn = (text: string) => text.match(/[-+]?\d+(?:\.\d+)?%/g) ?? [];

describe(`analysis engine on real demo prices (${testDbKind})`, () => {
  test("an insight with every field it shows: the call, decile, named event and expected excess return", async () => {
    const insight = await t.deps.analysis!.analyze("AAPL");
    const model = modelFor("2023-10-27")!;
    expect(insight).toMatchObject({
      symbol: "AAPL",
      asOf: "2023-10-27",
      currentPrice: 168.22,
      // 60 NYSE sessions after 2023-10-27, skipping Thanksgiving, Christmas, New Year and Martin Luther King Day.
      targetDate: "2024-01-25",
      timeHorizon: "60 trading days",
      horizonDays: 60,
      modelVersion: model.version,
      modelTrainedThrough: model.trainedThrough,
      modelStale: false,
      // The total-return forecast is gone from new analyses (decision 066).
      expectedReturn: null,
    });
    expect(["BUY", "SELL", "HOLD", "WATCH"]).toContain(insight.recommendation);
    const trails =
      insight.recommendation === "SELL" || (insight.recommendation === "WATCH" && insight.decile! <= 5);
    expect(insight.statedEvent).toBe(trails ? "trails-median" : "beats-median");
    expect(insight.confidence).toBe(Math.round(insight.probability! * 100));
    expect(insight.expectedExcessLow!).toBeLessThan(insight.expectedExcessReturn!);
    expect(insight.expectedExcessHigh!).toBeGreaterThan(insight.expectedExcessReturn!);
    expect(insight.projectedPrice).toBeCloseTo(168.22 * (1 + insight.expectedExcessReturn!), 2);
    expect(insight.keyFactors).toHaveLength(4);
    expect(insight.reasoning).toContain(`decile ${insight.decile} of 10`);
    expect(insight.reasoning).toContain("against 50% for a coin flip");
    // Each factor the reasoning names says which way it pushed the rank, as the key factors do.
    const named = /What moved its rank most: (.*?)\.(?:\s|$)/.exec(insight.reasoning)![1]!.split(", ");
    expect(named.length).toBe(insight.keyFactors.length);
    for (const [i, factor] of named.entries()) {
      const direction = /\((raised|lowered) its rank\)$/.exec(factor)?.[1];
      expect(direction).toBeDefined();
      expect(insight.keyFactors[i]).toEndWith(`(${direction} its rank)`);
    }
    expect(insight.reasoning).toContain(`Model ${model.version}`);
    expect(insight.reasoning).not.toContain("today's S&P 500 members");
    expect(insight.reasoning).not.toContain("older than the data");
  });

  test("every percentage in a reason is a stored field, the coin flip's 50%, the range's fitted 80% or its fifth's coverage", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-10-27");
    const fifthOf = new Map(
      (await engine.scoreUniverse("2023-10-27")).map((s) => [s.symbol, s.volatilityFifth]),
    );
    for (const symbol of SYMBOLS) {
      const insight = await engine.analyze(symbol);
      const fifth = fifthOf.get(symbol);
      const coverage = fifth
        ? [wholePercent(heldBackCoverageOf(fifth))]
        : [1, 2, 3, 4, 5].map((f) => wholePercent(heldBackCoverageOf(f)));
      const stored = [
        `${insight.confidence}%`,
        "50%",
        "80%",
        sizePercent(insight.expectedExcessReturn!),
        signedPercent(insight.expectedExcessLow!),
        signedPercent(insight.expectedExcessHigh!),
        ...coverage,
      ];
      const printed = percentagesIn(insight.reasoning);
      // A model whose calibration says 50% expects every stock to match the median: no excess to print.
      expect(printed.length).toBe(insight.expectedExcessReturn === 0 ? 6 : 7);
      for (const p of printed) expect(stored).toContain(p);
      expect(insight.reasoning).not.toContain("8 in 10 outcomes");
      // The range is called fitted to hold 80%, never said to hold it (decision 140).
      expect(insight.reasoning).toContain(
        `in a range fitted to hold 80% of outcomes (10th to 90th percentile): ${signedPercent(insight.expectedExcessLow!)} to ${signedPercent(insight.expectedExcessHigh!)} against the median`,
      );
      if (fifth)
        expect(insight.reasoning).toContain(
          `For stocks as volatile, such ranges held ${coverage[0]} of outcomes in a test on 2016-2017.`,
        );
      const verb = insight.statedEvent === "beats-median" ? "beat" : "trail";
      expect(insight.reasoning).toContain(
        `a ${insight.confidence}% chance to ${verb} the median S&P 500 stock over the next 60 trading days`,
      );
    }
  });

  test("the sign of the expected excess return follows the call; a SELL projects a price at or below today's", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-10-27");
    const universe = await engine.scoreUniverse("2023-10-27");
    const skill = modelFor("2023-10-27")!.calibration.slope > 0;
    let sells = 0;
    for (const s of universe) {
      const insight = await engine.analyze(s.symbol);
      const excess = insight.expectedExcessReturn!;
      expect(insight.reasoning).toContain(
        excess === 0
          ? "expected to match the median stock"
          : `expected to ${excess > 0 ? "beat" : "trail"} the median stock by ${sizePercent(excess)}`,
      );
      if (insight.recommendation === "BUY") {
        expect(excess).toBeGreaterThan(0);
        expect(insight.projectedPrice).toBeGreaterThan(insight.currentPrice);
      }
      if (insight.recommendation === "SELL") {
        sells++;
        expect(excess).toBeLessThan(0);
        expect(insight.projectedPrice).toBeLessThanOrEqual(insight.currentPrice);
      }
      // Every lower-half stock expects to trail the median, every upper-half one to beat it (or to match it).
      if (insight.decile! <= 5) expect(excess).toBeLessThanOrEqual(0);
      else expect(excess).toBeGreaterThanOrEqual(0);
      // Decile 1 is a SELL whenever the model has any skill to state.
      if (skill && insight.decile === 1) expect(insight.recommendation).toBe("SELL");
    }
    if (skill) expect(sells).toBeGreaterThan(0);
  });

  test("each stock's range: its own volatility times the band of its volatility fifth", async () => {
    const universe = await createAnalysisEngine(t.deps.database.db, () => "2023-10-27").scoreUniverse(
      "2023-10-27",
    );
    const byVol = [...universe].sort((a, b) => a.stock.vol_60d - b.stock.vol_60d);
    const calm = byVol[0]!;
    const wild = byVol.at(-1)!;
    expect(wild.stock.vol_60d / calm.stock.vol_60d).toBeGreaterThan(1.5);
    // Fifths among the date's members: the calmest in the first, the most volatile in the last, in volatility order.
    expect(calm.volatilityFifth).toBe(1);
    expect(wild.volatilityFifth).toBe(5);
    const fifths = byVol.map((s) => s.volatilityFifth);
    expect(fifths).toEqual([...fifths].sort((a, b) => a - b));
    for (const s of universe) {
      const band = RANGE_BANDS[s.volatilityFifth - 1]!;
      const unit = rangeUnit(s.model, s.stock.vol_60d);
      expect(s.expectedExcessLow).toBeCloseTo(s.expectedExcessReturn + band.low * unit, 10);
      expect(s.expectedExcessHigh).toBeCloseTo(s.expectedExcessReturn + band.high * unit, 10);
    }
    expect(wild.expectedExcessHigh - wild.expectedExcessLow).toBeGreaterThan(
      calm.expectedExcessHigh - calm.expectedExcessLow,
    );
  });

  test("only that date's index members are ranked; an outsider is analysed among them and told so", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-01-27");
    const january = await engine.scoreUniverse("2023-01-27");
    expect(january.map((s) => s.symbol)).not.toContain("PODD");
    expect(january.map((s) => s.symbol)).toContain("SEE");
    for (const s of january) expect(isMemberOn(s.symbol, "2023-01-27")).toBe(true);
    expect(january.every((s) => s.universeSize === january.length)).toBe(true);

    const podd = await engine.analyze("PODD");
    expect(podd.asOf).toBe("2023-01-27");
    expect(podd.reasoning).toContain("PODD is not an S&P 500 member on Jan 27, 2023");
    expect(podd.decile).toBeGreaterThanOrEqual(1);

    const october = await engine.scoreUniverseOn(["2023-10-20"]);
    expect(october.get("2023-10-20")!.map((s) => s.symbol)).not.toContain("SEE");
    const see = await createAnalysisEngine(t.deps.database.db, () => "2023-10-20").analyze("SEE");
    expect(see.reasoning).toContain("SEE is not an S&P 500 member on Oct 20, 2023");
    const member = await engine.analyze("AAPL");
    expect(member.reasoning).not.toContain("not an S&P 500 member");
  });

  test("a model past the dates it serves says it is stale, and how old its training is", async () => {
    const old = modelFor("2022-06-30")!;
    expect(old.splits.servesUntil < "2023-06-30").toBe(true);
    const engine = createAnalysisEngine(
      t.deps.database.db,
      () => "2023-06-30",
      () => old,
    );
    const insight = await engine.analyze("MSFT");
    expect(insight).toMatchObject({
      modelVersion: old.version,
      modelStale: true,
      modelTrainedThrough: old.trainedThrough,
    });
    expect(insight.reasoning).toContain(
      `trained on outcomes through ${calendarDay(old.trainedThrough)}, older than the data it scores`,
    );
  });

  test("key factors in plain words from the stock's own values, never the model's rank encoding", async () => {
    const insight = await createAnalysisEngine(t.deps.database.db, () => "2023-10-27").analyze("NVDA");
    for (const f of insight.keyFactors) {
      expect(f).not.toContain("in 100 stocks");
      expect(f).toMatch(/in 10 stocks|^Market state/);
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
    expect(fromUniverse.expectedExcessReturn).toBe(one.expectedExcessReturn!);
    expect(new Set(all.map((s) => s.decile)).size).toBeGreaterThan(5);
  });

  test("every HOLD states its chance to beat the median stock, in either half of the ranking (decision 126)", async () => {
    const engine = createAnalysisEngine(t.deps.database.db, () => "2023-06-30");
    const holds = (await engine.scoreUniverse("2023-06-30")).filter((s) => s.call === "HOLD");
    expect(holds.some((s) => s.decile <= 5)).toBe(true);
    expect(holds.some((s) => s.decile >= 6)).toBe(true);
    for (const s of holds) {
      expect(s.event).toBe("beat");
      expect(s.probability).toBe(s.probabilityBeat);
    }
    // In words: a lower-half HOLD reads "47% chance to beat", never "53% chance to trail".
    const lower = holds.find((s) => s.decile <= 5)!;
    const insight = await engine.analyze(lower.symbol);
    expect(insight.statedEvent).toBe("beats-median");
    expect(insight.confidence).toBeLessThanOrEqual(50);
    expect(insight.reasoning).toContain(`a ${insight.confidence}% chance to beat the median S&P 500 stock`);
  });
});
