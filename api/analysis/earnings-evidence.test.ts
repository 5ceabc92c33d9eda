import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { beatsBaseline, EARNINGS_EVIDENCE, MARGIN_STANDARD_ERRORS } from "./earnings-evidence.ts";

describe("earnings evidence: what the calendar may claim", () => {
  test("a predictor beats its baseline only by at least 2 standard errors of the paired difference", () => {
    expect(MARGIN_STANDARD_ERRORS).toBe(2);
    expect(beatsBaseline({ mean: -0.0003, se: 0.0004 })).toBe(false);
    expect(beatsBaseline({ mean: -0.0008, se: 0.0004 })).toBe(false);
    expect(beatsBaseline({ mean: -0.00081, se: 0.0004 })).toBe(true);
    expect(beatsBaseline({ mean: 0.001, se: 0 })).toBe(false);
  });

  test("the committed verdicts follow the committed figures", () => {
    const { growth, target } = EARNINGS_EVIDENCE;
    expect(growth.beatsBaseRate).toBe(beatsBaseline({ mean: growth.difference, se: growth.standardError }));
    expect(target.beatsToday).toBe(beatsBaseline({ mean: target.difference, se: target.standardError }));
    expect(growth.entries).toBeGreaterThan(1000);
    expect(target.entries).toBe(growth.entries);
    expect(growth.difference).toBeCloseTo(growth.brier - growth.brierBaseRate, 5);
    expect(target.difference).toBeCloseTo(target.meanAbsoluteError - target.meanAbsoluteErrorToday, 5);
  });

  test("scripts/evaluate-earnings.ts is deterministic: the committed doc and JSON are what it gives now", () => {
    // --check computes everything again and compares byte for byte, writing nothing.
    const run = Bun.spawnSync([process.execPath, "scripts/evaluate-earnings.ts", "--check"], {
      cwd: join(import.meta.dir, "../.."),
      stderr: "pipe",
      stdout: "pipe",
    });
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
  }, 180_000);
});
