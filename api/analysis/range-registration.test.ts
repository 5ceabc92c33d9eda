import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { join } from "node:path";
import card from "../../docs/model-card.json" with { type: "json" };
import { addTradingSessions, sessionOnOrAfter } from "../lib/trading-calendar.ts";
import { resolvedScoringDates } from "./preregistered-test.ts";
import { PREREGISTRATION } from "./preregistration.ts";
import calibration from "./range-calibration.json" with { type: "json" };
import { RANGE_REGISTRATION as R } from "./range-registration.ts";
import { tCritical } from "./student-t.ts";

const root = join(import.meta.dir, "../..");
const doc = () => Bun.file(join(root, R.document)).text();
const sha256Of = async (path: string) =>
  createHash("sha256")
    .update(new Uint8Array(await Bun.file(join(root, path)).arrayBuffer()))
    .digest("hex");
const pct = (x: number) => (x * 100).toFixed(1);

describe("the pre-registered check of the ranges on live calls", () => {
  test("the hashes in the document are the SHA-256 of the served range table and the live model file", async () => {
    // A refitted table or a retrained model has another hash: this fails until a new registration is written.
    expect(await sha256Of(R.calibrationFile)).toBe(R.calibrationSha256);
    expect(await sha256Of(R.modelFile)).toBe(R.modelSha256);
    const text = await doc();
    expect(text).toContain(`| range table | \`${R.calibrationFile}\``);
    expect(text).toContain(`| its SHA-256 | \`${R.calibrationSha256}\` |`);
    expect(text).toContain(`| model file | \`${R.modelFile}\` (version \`${R.modelVersion}\``);
    expect(text).toContain(`| its SHA-256 | \`${R.modelSha256}\` |`);
    // The same live model the test of calls registered.
    expect(R.modelSha256).toBe(PREREGISTRATION.sha256);
    expect(R.modelFile).toBe(PREREGISTRATION.modelFile);
  });

  test("the document states the held-back miss, the dates and the target as the code has them", async () => {
    const text = await doc();
    const shares = calibration.bands.map((b) => pct(b.heldBackCoverage));
    expect(text).toContain(`${shares.join(" / ")}% of outcomes`);
    const met = calibration.bands.filter(
      (b) => b.heldBackCoverage >= R.target.low && b.heldBackCoverage <= R.target.high,
    ).length;
    expect(text).toContain(`met in ${met} of 5 fifths`);
    expect(card.ranges.targetMet).toBe(false);
    expect(card.ranges.target).toEqual(R.target);
    expect(text).toContain(`${R.target.low * 100}-${R.target.high * 100}% inside in every fifth`);
    expect(text).toContain(`**${R.firstDate}**, then every ${R.horizonSessions}th trading session`);
    expect(text).toContain("- Written: 2026-11-28, before any live range was scored.");
  });

  test("the per-date SD comes from the card's held-back intervals and sizes the sample at 32 dates", async () => {
    const text = await doc();
    const z = 1.959964;
    const sds = card.ranges.byVolatility.map(
      (r) => (((r.coverageHigh - r.coverageLow) / 2) * Math.sqrt(R.heldBackWindows)) / z,
    );
    expect(Math.round(Math.max(...sds) * 1e4) / 1e4).toBe(R.perDateSd);
    expect(text).toContain(`**per-date SD ${R.perDateSd}**`);
    const halfWidth = (n: number) => (tCritical((1 - R.confidence) / 2, n - 1) * R.perDateSd) / Math.sqrt(n);
    expect(halfWidth(R.datesNeeded)).toBeLessThanOrEqual(R.halfWidth);
    expect(halfWidth(R.datesNeeded - 1)).toBeGreaterThan(R.halfWidth);
    expect(text).toContain(`**${R.datesNeeded} non-overlapping dates**`);
    expect(text).toContain(
      `t(0.975, ${R.datesNeeded - 1}) = ${tCritical(0.025, R.datesNeeded - 1).toFixed(4)}: half-width ${halfWidth(R.datesNeeded).toFixed(4)}`,
    );
    // The 32nd date and the session its outcome is known on, as the scoring picks them.
    const dates = resolvedScoringDates(R, "2040-01-01").slice(0, R.datesNeeded);
    expect(dates[0]).toBe(sessionOnOrAfter(R.firstDate));
    const last = dates.at(-1)!;
    expect(text).toContain(
      `the ${R.datesNeeded}nd is ${last} and its outcome is known on ${addTradingSessions(last, R.horizonSessions)}`,
    );
    expect(text).toContain(`13 dates (about 3 years) give a half-width of 5 points`);
    expect(halfWidth(13)).toBeLessThanOrEqual(0.05);
    expect(halfWidth(12)).toBeGreaterThan(0.05);
  });
});
