import { describe, expect, test } from "bun:test";
import { type RecordedDate, resolvedScoringDates, scorePreregisteredTest } from "./preregistered-test.ts";
import { PREREGISTRATION } from "./preregistration.ts";
import { averageRanks, spearman } from "./rank-correlation.ts";
import { tCritical, tUpperTail } from "./student-t.ts";

/** Members with these scores and future returns, in order. */
const members = (scores: readonly (number | null)[], returns: readonly (number | null)[]) =>
  scores.map((score, i) => ({ score, futureReturn: returns[i]! }));

describe("the statistics of the pre-registered test", () => {
  test("Spearman: ties at their average rank", () => {
    expect(averageRanks([3, 1, 2, 1])).toEqual([3, 0.5, 2, 0.5]);
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    // 1 - 6 Σd² / (n (n² - 1)) with ranks 1,2,3,4 against 1,2,4,3: 1 - 6 × 2 / 60 = 0.8.
    expect(spearman([1, 2, 3, 4], [0.01, 0.02, 0.04, 0.03])).toBeCloseTo(0.8, 12);
    // Ranks 1.5, 1.5, 3, 4 against 1, 2, 3, 4: Σdxdy 4.5, Σdx² 4.5, Σdy² 5, so 4.5 / √22.5 = 3 / √10.
    expect(spearman([1, 1, 2, 3], [1, 2, 3, 4])).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  test("Student's t: closed forms for 1 and 2 degrees of freedom, and the registration's critical value", () => {
    // df 1 is Cauchy: P(T > t) = 1/2 - atan(t) / π.
    expect(tUpperTail(1, 1)).toBeCloseTo(0.25, 10);
    expect(tUpperTail(-1, 1)).toBeCloseTo(0.75, 10);
    expect(tCritical(0.05, 1)).toBeCloseTo(Math.tan(0.45 * Math.PI), 8);
    // df 2: P(T > t) = 1/2 - t / (2 √(2 + t²)).
    expect(tUpperTail(2, 2)).toBeCloseTo(0.5 - 1 / Math.sqrt(6), 10);
    expect(tUpperTail(0, 7)).toBe(0.5);
    // docs/model/preregistration.md: t(0.95, 98) = 1.6606.
    expect(tCritical(0.05, 98).toFixed(4)).toBe("1.6606");
    expect(tCritical(0.05, PREREGISTRATION.datesNeeded - 1).toFixed(4)).toBe("1.6606");
  });

  test("scoring dates: the first session on or after the first date, then every 20th session, once resolved", () => {
    expect(resolvedScoringDates(PREREGISTRATION, null)).toEqual([]);
    // 2026-11-30 + 20 sessions = 2026-12-29 (Christmas closed); + 20 = 2027-01-28 (New Year's Day, MLK Day closed).
    expect(resolvedScoringDates(PREREGISTRATION, "2026-12-28")).toEqual([]);
    expect(resolvedScoringDates(PREREGISTRATION, "2026-12-29")).toEqual(["2026-11-30"]);
    expect(resolvedScoringDates(PREREGISTRATION, "2027-01-28")).toEqual(["2026-11-30", "2026-12-29"]);
    expect(resolvedScoringDates({ ...PREREGISTRATION, firstDate: "2026-11-28" }, "2026-12-29")).toEqual([
      "2026-11-30",
    ]);
  });
});

describe("scoring the pre-registered test", () => {
  const registration = { ...PREREGISTRATION, datesNeeded: 3, weeksNeeded: 12 };
  const scores = [0.1, 0.2, 0.3, 0.4];
  // Return ranks 1,2,3,4 → ρ = 1; 1,2,4,3 → 0.8; 4,1,3,2 → 1 - 6 × 14 / 60 = -0.4.
  const recorded: RecordedDate[] = [
    { date: "2026-11-30", members: members(scores, [-0.02, 0.01, 0.03, 0.05]) },
    { date: "2026-12-01", members: members(scores, [0.05, 0.03, 0.01, -0.02]) }, // not a scoring date
    { date: "2026-12-29", members: members([...scores, null], [0.01, 0.02, 0.04, 0.03, 0.5]) },
    { date: "2027-01-28", members: members(scores, [0.04, 0.01, 0.03, 0.02]) },
    { date: "2027-03-29", members: members(scores, [0.01, 0.02, 0.03, 0.04]) }, // resolved on 2027-04-26
  ];

  test("nothing resolved: nothing collected, no statistic", () => {
    const none = scorePreregisteredTest(PREREGISTRATION, recorded, "2026-12-28");
    expect(none).toMatchObject({ datesCollected: 0, weeksCollected: 0, datesMissed: 0, running: null });
    expect(none.dates).toEqual([]);
    expect(none.weeksNeeded).toBe(396);
    expect(none.datesNeeded).toBe(99);
  });

  test("one date: its correlation, but no running t without an SD", () => {
    const one = scorePreregisteredTest(PREREGISTRATION, recorded, "2027-01-27");
    expect(one.dates).toEqual([{ date: "2026-11-30", correlation: 1, members: 4, leftOut: 0 }]);
    expect(one.weeksCollected).toBe(4);
    expect(one.running).toBeNull();
  });

  test("three dates by hand: mean 0.4667, SD 0.7572, t 1.0675, one-sided p 0.1988 on 2 degrees of freedom", () => {
    const three = scorePreregisteredTest(registration, recorded, "2027-03-29");
    expect(three.dates.map((d) => [d.date, d.correlation, d.members, d.leftOut])).toEqual([
      ["2026-11-30", 1, 4, 0],
      ["2026-12-29", expect.closeTo(0.8, 12), 5, 1],
      ["2027-01-28", expect.closeTo(-0.4, 12), 4, 0],
    ]);
    // 2027-02-26's outcome is known on 2027-03-29 but nothing was recorded on it: missed, not replaced.
    expect(three.datesMissed).toBe(1);
    expect(three.datesCollected).toBe(3);
    expect(three.weeksCollected).toBe(12);
    // mean (1 + 0.8 - 0.4) / 3; SD √((0.5333² + 0.3333² + 0.8667²) / 2) = √(1.14667 / 2); t = mean / (SD / √3).
    const sd = Math.sqrt(1.146666666666667 / 2);
    const t = 1.4 / 3 / (sd / Math.sqrt(3));
    const running = three.running!;
    expect(running.dates).toBe(3);
    expect(running.meanCorrelation).toBeCloseTo(0.466667, 6);
    expect(running.sd).toBeCloseTo(0.757188, 6);
    expect(running.t).toBeCloseTo(1.06749, 5);
    expect(running.t).toBeCloseTo(t, 10);
    expect(running.degreesOfFreedom).toBe(2);
    expect(running.p).toBeCloseTo(0.5 - t / (2 * Math.sqrt(2 + t * t)), 10);
    expect(running.p).toBeCloseTo(0.198768, 6);
    // With 3 dates needed the test is run: t 1.0675 < t(0.95, 2) = 2.9200, not significant.
    expect(three.verdict).toMatchObject({ dates: 3, significant: false });
    expect(three.verdict!.critical).toBeCloseTo(2.919986, 5);
    // The registered test needs 99 dates: no verdict before them.
    expect(scorePreregisteredTest(PREREGISTRATION, recorded, "2027-03-29").verdict).toBeNull();
  });

  test("the verdict is taken once, on the first dates needed; later dates move only the running figures", () => {
    // 2027-03-29 + 20 sessions = 2027-04-26.
    const later = scorePreregisteredTest(registration, recorded, "2027-04-26");
    expect(later.datesCollected).toBe(4);
    expect(later.running!.dates).toBe(4);
    expect(later.verdict!.dates).toBe(3);
    expect(later.verdict!.t).toBeCloseTo(1.06749, 5);
    expect(later.running!.t).not.toBeCloseTo(1.06749, 5);
  });

  test("a date with fewer than three members with an outcome, or no spread, gives no correlation", () => {
    const thin: RecordedDate[] = [
      { date: "2026-11-30", members: members([0.1, 0.2, null], [0.01, 0.02, 0.03]) },
      { date: "2026-12-29", members: members([0.1, 0.1, 0.1], [0.01, 0.02, 0.03]) },
    ];
    const result = scorePreregisteredTest(registration, thin, "2027-01-28");
    expect(result.dates.map((d) => d.correlation)).toEqual([null, null]);
    expect(result.datesCollected).toBe(0);
    expect(result.weeksCollected).toBe(0);
  });
});
