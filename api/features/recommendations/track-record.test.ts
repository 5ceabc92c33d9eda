import { describe, expect, test } from "bun:test";
import { type Bar, computeOutcome, type ScoredCall, summarisePerformance } from "./track-record.ts";

const call = {
  buyPrice: 100,
  sellTarget: 110,
  recommendationDate: "2023-01-02",
  estimatedDate: "2023-01-06",
};
const bar = (date: string, high: number, close: number): Bar => ({ date, high, close });
const spx = [
  bar("2023-01-02", 0, 4000),
  bar("2023-01-04", 0, 4040),
  bar("2023-01-06", 0, 4100),
  bar("2023-01-09", 0, 4200),
];

describe("outcome of one call", () => {
  test("hit on the target day itself", () => {
    const bars = [bar("2023-01-03", 104, 103), bar("2023-01-04", 109, 108), bar("2023-01-06", 110, 107)];
    const o = computeOutcome(call, bars, spx, "2023-01-31");
    expect(o.status).toBe("hit");
    expect(o.exitDate).toBe("2023-01-06");
    expect(o.realisedReturn).toBeCloseTo(0.1, 10);
    expect(o.benchmarkReturn).toBeCloseTo(0.025, 10);
  });

  test("the first day the high reaches the target is the exit", () => {
    const bars = [bar("2023-01-03", 111, 105), bar("2023-01-04", 115, 114)];
    const o = computeOutcome(call, bars, spx, "2023-01-31");
    expect(o).toMatchObject({ status: "hit", exitDate: "2023-01-03" });
    // The benchmark has no bar on 01-03, so the last close on or before it (01-02) is used.
    expect(o.benchmarkReturn).toBe(0);
  });

  test("reaching the target after the target date counts as missed, at the target date's close", () => {
    const bars = [bar("2023-01-03", 104, 103), bar("2023-01-06", 108, 95), bar("2023-01-09", 130, 129)];
    const o = computeOutcome(call, bars, spx, "2023-01-31");
    expect(o.status).toBe("missed");
    expect(o.exitDate).toBe("2023-01-06");
    expect(o.realisedReturn).toBeCloseTo(-0.05, 10);
  });

  test("the day of the recommendation itself does not count", () => {
    const bars = [bar("2023-01-02", 150, 100), bar("2023-01-03", 101, 100)];
    expect(computeOutcome(call, bars, spx, "2023-01-31").status).toBe("missed");
  });

  test("no data yet means open; data before the target date without a hit is open too", () => {
    expect(computeOutcome(call, [], spx, "2023-01-02")).toEqual({
      status: "open",
      exitDate: null,
      realisedReturn: null,
      benchmarkReturn: null,
      beatIndex: null,
    });
    const partial = computeOutcome(call, [bar("2023-01-03", 104, 102)], spx, "2023-01-04");
    expect(partial.status).toBe("open");
    expect(partial.realisedReturn).toBeCloseTo(0.02, 10);
  });

  test("beating the index is judged over the whole horizon, close to close, even after an early hit", () => {
    // Hit on 01-03 (high 111), but by the target date the stock is at 101 (+1%) while the index made +2.5%.
    const bars = [bar("2023-01-03", 111, 105), bar("2023-01-06", 102, 101)];
    const o = computeOutcome(call, bars, spx, "2023-01-31");
    expect(o.status).toBe("hit");
    expect(o.beatIndex).toBe(false);
    const strong = computeOutcome(call, [bar("2023-01-06", 108, 104)], spx, "2023-01-31");
    expect(strong.beatIndex).toBe(true);
    expect(computeOutcome(call, [bar("2023-01-03", 104, 104)], spx, "2023-01-04").beatIndex).toBeNull();
  });

  test("prices after as-of are never looked at", () => {
    const bars = [bar("2023-01-03", 104, 103), bar("2023-01-05", 120, 119)];
    expect(computeOutcome(call, bars, spx, "2023-01-04").status).toBe("open");
  });
});

describe("performance summary", () => {
  const scored = (
    confidence: number,
    status: "hit" | "missed" | "open",
    r: number | null,
    b: number | null,
  ): ScoredCall => ({
    confidence,
    outcome: {
      status,
      exitDate: "2023-01-06",
      realisedReturn: r,
      benchmarkReturn: b,
      beatIndex: status === "open" || r === null || b === null ? null : r > b,
    },
  });

  test("hit rate and returns over resolved calls, bands by stated confidence", () => {
    const p = summarisePerformance([
      scored(85, "hit", 0.1, 0.02),
      scored(90, "missed", -0.04, 0.01),
      scored(65, "hit", 0.06, 0.0),
      scored(50, "missed", -0.02, -0.01),
      scored(55, "open", 0.01, null),
    ]);
    expect(p).toMatchObject({ count: 5, open: 1, resolved: 4, hits: 2, hitRate: 0.5 });
    expect(p.averageReturn).toBeCloseTo(0.025, 10);
    expect(p.medianReturn).toBeCloseTo(0.02, 10);
    expect(p.averageExcessReturn).toBeCloseTo((0.08 - 0.05 + 0.06 - 0.01) / 4, 10);
    expect(p.bands.map((b) => [b.band, b.count, b.resolved, b.hitRate])).toEqual([
      ["below 60", 2, 1, 0],
      ["60-79", 1, 1, 1],
      ["80 and above", 2, 2, 0.5],
    ]);
    expect(p.deciles).toEqual([]);
  });

  test("deciles appear once there are enough resolved calls", () => {
    const many = Array.from({ length: 400 }, (_, i) => scored(i % 100, i % 3 ? "hit" : "missed", 0.01, 0));
    const p = summarisePerformance(many);
    expect(p.deciles).toHaveLength(10);
    expect(p.deciles.reduce((n, d) => n + d.count, 0)).toBe(400);
    expect(p.deciles[9]!.band).toBe("90-100");
  });

  test("nothing resolved gives nulls, not zeros", () => {
    const p = summarisePerformance([scored(70, "open", null, null)]);
    expect(p.hitRate).toBeNull();
    expect(p.averageReturn).toBeNull();
  });
});

test("the beat-the-index rate counts the whole-horizon comparison, not the return at an early hit", () => {
  const outcome = (beatIndex: boolean | null) => ({
    status: "hit" as const,
    exitDate: "2023-01-03",
    realisedReturn: 0.1,
    benchmarkReturn: 0,
    beatIndex,
  });
  const p = summarisePerformance([
    { confidence: 50, outcome: outcome(false) },
    { confidence: 50, outcome: outcome(false) },
    { confidence: 50, outcome: outcome(true) },
    { confidence: 50, outcome: outcome(null) },
  ]);
  expect(p.beatRate).toBeCloseTo(1 / 3, 10);
  expect(p.bands[0]!.beatRate).toBeCloseTo(1 / 3, 10);
});
