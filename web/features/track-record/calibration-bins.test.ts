import { describe, expect, test } from "bun:test";
import { calibrationView, mergeSparseBands, wilson } from "./calibration-bins.ts";

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
});
