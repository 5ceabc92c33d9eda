import { describe, expect, test } from "bun:test";
import {
  auc,
  aucScorer,
  brier,
  expectedCalibrationError,
  logLoss,
  probabilityDeciles,
  reliabilityBins,
} from "./metrics.ts";

describe("auc", () => {
  test("counts ordered pairs, ties as one half", () => {
    // Positives 0.8 and 0.4, negatives 0.4 and 0.1: pairs (0.8>0.4), (0.8>0.1), (0.4=0.4 half), (0.4>0.1).
    expect(auc([0.8, 0.4, 0.4, 0.1], [1, 1, 0, 0])).toBeCloseTo(3.5 / 4, 12);
    expect(auc([0.1, 0.2, 0.3], [1, 0, 0])).toBe(0);
  });

  test("is one half for a constant score, whatever the order of the samples", () => {
    expect(auc([0.47, 0.47, 0.47, 0.47], [1, 0, 0, 1])).toBe(0.5);
    expect(auc([0.47, 0.47, 0.47, 0.47], [1, 1, 0, 0])).toBe(0.5);
  });

  test("weights count a sample that many times", () => {
    const scores = [0.9, 0.6, 0.3, 0.2];
    const labels = [1, 0, 1, 0];
    expect(aucScorer(scores, labels)([2, 1, 0, 1])).toBeCloseTo(auc([0.9, 0.9, 0.6, 0.2], [1, 1, 0, 0]), 12);
  });
});

describe("probability scores", () => {
  test("Brier and log loss of a constant one half", () => {
    expect(brier([0.5, 0.5], [1, 0])).toBe(0.25);
    expect(logLoss([0.5, 0.5], [1, 0])).toBeCloseTo(Math.LN2, 12);
  });

  test("equal-width bins and the expected calibration error", () => {
    const p = [0.05, 0.15, 0.15, 0.95];
    const y = [0, 1, 0, 1];
    const bins = reliabilityBins(p, y);
    expect(bins).toHaveLength(10);
    expect(bins[1]).toEqual({ lo: 0.1, n: 2, predicted: 0.15, observed: 0.5 });
    // |0.05 - 0| * 1 + |0.15 - 0.5| * 2 + |0.95 - 1| * 1, over 4 samples.
    expect(expectedCalibrationError(bins)).toBeCloseTo((0.05 + 0.7 + 0.05) / 4, 12);
  });

  test("deciles have equal counts and keep equal predictions together", () => {
    const p = Array.from({ length: 20 }, (_, i) => i / 20);
    const y = p.map((_, i) => (i % 2 ? 1 : 0));
    const deciles = probabilityDeciles(p, y);
    expect(deciles.map((d) => d.n)).toEqual(new Array(10).fill(2));
    expect(deciles[0]).toEqual({ lo: null, n: 2, predicted: 0.025, observed: 0.5 });
    const constant = probabilityDeciles([0.4, 0.4, 0.4], [1, 0, 0]);
    expect(constant).toHaveLength(1);
    expect(constant[0]!.n).toBe(3);
    expect(constant[0]!.predicted).toBeCloseTo(0.4, 12);
    expect(constant[0]!.observed).toBeCloseTo(1 / 3, 12);
  });
});
