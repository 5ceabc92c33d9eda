import { describe, expect, test } from "bun:test";
import { calibrationView, designWidening, mergeSparseBands, wilson } from "./calibration-bins.ts";

const row = (label: string, resolved: number, happened: number, meanProbability = 0.5) => ({
  label,
  resolved,
  happened,
  meanProbability,
});

describe("calibration bins", () => {
  test("sparse neighbouring bands are joined until each bar has enough resolved calls", () => {
    const points = mergeSparseBands([
      row("below 50%", 0, 0),
      row("50-51%", 10, 5, 0.505),
      row("52-53%", 25, 14, 0.525),
      row("54-55%", 40, 22, 0.545),
      row("56-57%", 5, 3, 0.565),
    ]);
    expect(points.map((p) => [p.label, p.n])).toEqual([
      ["50-53%", 35],
      ["54-57%", 45],
    ]);
    expect(points[0]!.observed).toBeCloseTo(19 / 35);
    expect(points[0]!.stated).toBeCloseTo((0.505 * 10 + 0.525 * 25) / 35);
    expect(points[1]!.low).toBeCloseTo(wilson(25, 45).low);
  });

  test("open-ended bands keep their open end", () => {
    const points = mergeSparseBands([row("58-59%", 20, 10), row("60% and above", 20, 12)]);
    expect(points.map((p) => p.label)).toEqual(["58% and above"]);
  });

  test("when every call stated about the same probability, the chart compares by year", () => {
    const view = calibrationView(
      [row("50-51%", 0, 0), row("52-53%", 300, 160, 0.525)],
      [row("2021", 100, 50, 0.52), row("2022", 200, 110, 0.53), row("2023", 0, 0, 0.52)],
    );
    expect(view.by).toBe("year");
    expect(view.by === "year" && view.statedRange).toBe("52-53%");
    expect(view.points.map((p) => [p.label, p.n])).toEqual([
      ["2021", 100],
      ["2022", 200],
    ]);
  });

  test("two bands with enough calls are compared by stated confidence", () => {
    const view = calibrationView([row("52-53%", 40, 20), row("54-55%", 40, 25)], []);
    expect(view.by).toBe("confidence");
    expect(view.points).toHaveLength(2);
  });

  test("a bar of one row keeps the API's clustered interval and baseline; joined bars widen Wilson's", () => {
    const clustered = {
      ...row("2022", 100, 55, 0.52),
      observedLow: 0.4,
      observedHigh: 0.7,
      observedRateBaseline: 0.5,
    };
    const view = calibrationView([row("52-53%", 300, 160, 0.525)], [clustered], 2);
    expect(view.points[0]).toMatchObject({ low: 0.4, high: 0.7, baseline: 0.5 });
    const joined = mergeSparseBands(
      [
        { ...row("50-51%", 10, 5, 0.505), observedRateBaseline: 0.4 },
        { ...row("52-53%", 30, 15, 0.525), observedRateBaseline: 0.6 },
      ],
      30,
      2,
    );
    const w = wilson(20, 40);
    expect(joined[0]!.low).toBeCloseTo(0.5 - 2 * (0.5 - w.low), 10);
    expect(joined[0]!.baseline).toBeCloseTo((0.4 * 10 + 0.6 * 30) / 40, 10);
    // The widening is the whole record's clustered width over Wilson's, never below 1.
    const total = { resolved: 40, happened: 20 };
    expect(
      designWidening({
        ...total,
        observedLow: 0.5 - 2 * (0.5 - w.low),
        observedHigh: 0.5 + 2 * (w.high - 0.5),
      }),
    ).toBeCloseTo(2, 10);
    expect(designWidening({ ...total, observedLow: 0.49, observedHigh: 0.51 })).toBe(1);
    expect(designWidening({ ...total, observedLow: null, observedHigh: null })).toBe(1);
  });
});
