import { describe, expect, test } from "bun:test";
import { modelFor, SERVED_MODELS } from "../test/served-models.ts";
import { callForDecile, statedEventOf } from "./calls.ts";
import { FEATURE_NAMES } from "./features.ts";
import parity from "./models/parity-samples.json" with { type: "json" };
import { decileOf, type RankerModel } from "./ranker.ts";
import { contributions, rawScore } from "./trees.ts";

// Committed by scripts/train-model.ts: inputs of the universe on the last sample date, with XGBoost's own raw
// scores and approximate contributions for them.
const model = SERVED_MODELS.find((m) => m.version.endsWith(parity.model.slice(-4)))!;

describe("the TypeScript evaluator reproduces XGBoost", () => {
  test(`raw scores of ${parity.inputs.length} committed samples agree to 1e-9`, () => {
    expect(parity.inputs.length).toBeGreaterThan(100);
    let worst = 0;
    parity.inputs.forEach((x, k) => {
      worst = Math.max(worst, Math.abs(rawScore(model, x) - parity.raw[k]!));
    });
    expect(worst).toBeLessThanOrEqual(1e-9);
  });

  test("per-feature contributions along the decision paths match XGBoost's and add up to the raw score", () => {
    parity.inputs.forEach((x, k) => {
      const ours = contributions(model, x, FEATURE_NAMES.length);
      const theirs = parity.contributions[k]!;
      for (const [j, c] of ours.contributions.entries()) expect(Math.abs(c - theirs[j]!)).toBeLessThan(1e-6);
      expect(Math.abs(ours.bias - theirs[FEATURE_NAMES.length]!)).toBeLessThan(1e-6);
      const total = ours.bias + ours.contributions.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - parity.raw[k]!)).toBeLessThan(1e-5);
    });
  });
});

describe("calls and the served models", () => {
  test("deciles map to calls and stated events", () => {
    expect([1, 2, 3, 5, 6, 8, 9, 10].map(callForDecile)).toEqual([
      "SELL",
      "WATCH",
      "HOLD",
      "HOLD",
      "HOLD",
      "HOLD",
      "WATCH",
      "BUY",
    ]);
    expect([decileOf(0), decileOf(0.0999), decileOf(0.1), decileOf(0.95), decileOf(1)]).toEqual([
      1, 1, 2, 10, 10,
    ]);
    // The event follows the call (decision 126): every HOLD states beating the median, whatever its half.
    expect([statedEventOf(5, "HOLD"), statedEventOf(6, "HOLD"), statedEventOf(1, "HOLD")]).toEqual([
      "beat",
      "beat",
      "beat",
    ]);
    expect([statedEventOf(1, "SELL"), statedEventOf(2, "WATCH"), statedEventOf(9, "WATCH")]).toEqual([
      "trail",
      "trail",
      "beat",
    ]);
  });

  test("no look-ahead in training and calibration: every served model ends both before the dates it serves", () => {
    for (const m of SERVED_MODELS as RankerModel[]) {
      // The live model calibrates on the walk-forward models' out-of-sample scores, not on its own.
      if (!m.version.endsWith("-live"))
        expect(m.splits.trainLabelsEnd < m.splits.calibrationStart).toBe(true);
      expect(m.trainedThrough < m.splits.servesFrom).toBe(true);
      expect(m.calibration.to < m.splits.servesFrom).toBe(true);
      expect(m.splits.calibrationEnd < m.splits.servesFrom).toBe(true);
    }
  });

  test("a date is served by the model of its own year, later dates by the newest, earlier ones by none", () => {
    expect(modelFor("2022-11-04")!.version).toBe("xgb-rank-h60-2022");
    expect(modelFor("2023-10-27")!.version).toBe("xgb-rank-h60-2023");
    expect(modelFor("2023-10-30")!.version).toBe("xgb-rank-h60-live");
    expect(modelFor("2026-11-23")!.version).toBe("xgb-rank-h60-live");
    expect(modelFor("2021-12-31")).toBeNull();
  });
});
