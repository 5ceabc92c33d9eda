import { describe, expect, test } from "bun:test";
import {
  auc,
  aucScorer,
  brier,
  conservativeT,
  decileSpread,
  expectedCalibrationError,
  hansenHodrickT,
  hurdleT,
  logLoss,
  neweyWestT,
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

describe("Newey-West t and the multiple-testing hurdle", () => {
  test("with lag 0 it is the plain t of the mean (variance over n, not n - 1)", () => {
    const xs = [0.1, -0.05, 0.2, 0.03, -0.01, 0.07];
    const n = xs.length;
    const m = xs.reduce((a, b) => a + b, 0) / n;
    const v = xs.reduce((a, x) => a + (x - m) ** 2, 0) / n;
    expect(neweyWestT(xs, 0)).toBeCloseTo(m / Math.sqrt(v / n), 12);
  });

  test("Bartlett weights: lag 1 by hand, and overlapping terms lower the t", () => {
    const xs = [1, 2, 3, 2, 1, 2, 3, 4];
    const n = xs.length;
    const m = xs.reduce((a, b) => a + b, 0) / n;
    const g = (l: number) => xs.slice(l).reduce((a, x, t) => a + (x - m) * (xs[t]! - m), 0) / n;
    expect(neweyWestT(xs, 1)).toBeCloseTo(m / Math.sqrt((g(0) + 2 * 0.5 * g(1)) / n), 12);
    // A smooth series (each term shares most of its neighbours'): the t shrinks as the lag covers the overlap.
    const smooth = Array.from({ length: 200 }, (_, t) => 0.01 + 0.05 * Math.sin(t / 6));
    expect(Math.abs(neweyWestT(smooth, 12))).toBeLessThan(Math.abs(neweyWestT(smooth, 0)));
  });

  test("Hansen-Hodrick: uniform weights by hand; it keeps more of the overlap than Bartlett's, so its t is lower", () => {
    const xs = [1, 2, 3, 2, 1, 2, 3, 4];
    const n = xs.length;
    const m = xs.reduce((a, b) => a + b, 0) / n;
    const g = (l: number) => xs.slice(l).reduce((a, x, t) => a + (x - m) * (xs[t]! - m), 0) / n;
    expect(hansenHodrickT(xs, 1)).toBeCloseTo(m / Math.sqrt((g(0) + 2 * g(1)) / n), 12);
    // 60-session outcomes every 5 sessions: each term shares its days with 11 neighbours on either side.
    const walk = Array.from({ length: 400 }, (_, t) => 0.002 + 0.01 * Math.sin(t * 1.7) * Math.cos(t / 9));
    const overlapping = walk.map((_, t) => walk.slice(t, t + 12).reduce((a, b) => a + b, 0)).slice(0, 388);
    expect(Math.abs(hansenHodrickT(overlapping, 11))).toBeLessThan(Math.abs(neweyWestT(overlapping, 12)));
    expect(conservativeT(4.27, 3.81)).toBe(3.81);
    expect(conservativeT(-1.2, 0.9)).toBe(0.9);
  });

  test("Bonferroni hurdle: 1.96 for one design, 3.08 for 24, 3.45 for 90 (NormalDist.inv_cdf)", () => {
    expect(hurdleT(1)).toBeCloseTo(1.959964, 5);
    expect(hurdleT(24)).toBeCloseTo(3.0781, 3);
    expect(hurdleT(90)).toBeCloseTo(3.4524, 3);
    // Every design and variant whose figure was seen (decision 110): 99.
    expect(Number(hurdleT(99).toFixed(2))).toBe(3.48);
  });

  test("the decile spread averages top minus bottom per date and annualises by 252 / horizon", () => {
    const rows = [
      { date: "a", decile: 10, forward: 0.05 },
      { date: "a", decile: 10, forward: 0.03 },
      { date: "a", decile: 1, forward: 0.01 },
      { date: "a", decile: 5, forward: 0.5 },
      { date: "b", decile: 10, forward: 0.0 },
      { date: "b", decile: 1, forward: 0.02 },
      { date: "c", decile: 10, forward: 0.02 },
      { date: "c", decile: 1, forward: 0.0 },
    ];
    const s = decileSpread(rows, 60, 1);
    expect(s.dates).toBe(3);
    expect(s.annualised).toBeCloseTo(((0.03 - 0.02 + 0.02) / 3) * 4.2, 4);
  });
});
