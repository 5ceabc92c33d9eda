import { describe, expect, test } from "bun:test";
import card from "../../docs/model-card.json" with { type: "json" };
import { heldBackCoverageOf, RANGE_BANDS, RANGE_HELD_BACK_YEARS } from "./range-calibration.ts";
import { volatilityFifthAmong, volatilityFifths } from "./volatility-fifths.ts";

describe("each stock's range per volatility fifth (decision 121)", () => {
  test("the served bands and coverages are the card's, measured on the held-back survivorship-free years", () => {
    expect(RANGE_BANDS).toEqual(card.ranges.byVolatility.map(({ low, high }) => ({ low, high })));
    expect(RANGE_HELD_BACK_YEARS).toBe("2016-2017");
    expect(card.ranges.heldBack.from >= "2016-01-01").toBe(true);
    for (const r of card.ranges.byVolatility) {
      expect(heldBackCoverageOf(r.fifth)).toBe(r.coverage);
      expect(r.coverage + r.below + r.above).toBeCloseTo(1, 3);
      expect(r.low).toBeLessThan(0);
      expect(r.high).toBeGreaterThan(0);
    }
    expect(card.ranges.targetMet).toBe(
      card.ranges.byVolatility.every((r) => r.coverage >= 0.77 && r.coverage <= 0.83),
    );
  });

  test("fifths of a date's stocks: by volatility, ties by symbol, equal groups", () => {
    const vols = [0.5, 0.1, 0.3, 0.2, 0.9, 0.2, 0.4, 0.6, 0.7, 0.8];
    const symbols = ["E", "A", "C", "Z", "J", "B", "D", "F", "G", "H"];
    expect(volatilityFifths(vols, symbols)).toEqual([3, 1, 2, 2, 5, 1, 3, 4, 4, 5]);
  });

  test("an outsider's fifth: its place among the members' volatilities", () => {
    const ascending = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
    expect(volatilityFifthAmong(ascending, 0.05)).toBe(1);
    expect(volatilityFifthAmong(ascending, 0.25)).toBe(2);
    expect(volatilityFifthAmong(ascending, 0.55)).toBe(3);
    expect(volatilityFifthAmong(ascending, 2)).toBe(5);
    expect(volatilityFifthAmong([], 0.3)).toBe(3);
  });
});
