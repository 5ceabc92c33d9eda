import { describe, expect, test } from "bun:test";
import { addTradingSessions } from "../lib/trading-calendar.ts";
import { type MemberRange, scoreRangeCheck } from "./range-coverage.ts";
import { RANGE_REGISTRATION } from "./range-registration.ts";

const FIRST = "2026-11-30";
const SECOND = addTradingSessions(FIRST, 60);
const THIRD = addTradingSessions(SECOND, 60);

/** A member whose range is -10% to +10% against the median, in `fifth`, that returned `futureReturn`. */
const member = (fifth: number, futureReturn: number | null): MemberRange => ({
  excessLow: -0.1,
  excessHigh: 0.1,
  volatilityFifth: fifth,
  futureReturn,
});
const unscored: MemberRange = { excessLow: null, excessHigh: null, volatilityFifth: null, futureReturn: 0.9 };

// Returns sorted: -0.20 -0.05 -0.02 -0.01 0.00 0.01 0.02 0.04 0.05 0.30, median 0.005: fifth 2's -0.20 falls below
// its range, fifth 3's 0.30 above it, everything else inside. The unscored member is neither measured nor in the median.
const first = [
  member(1, 0.0),
  member(1, 0.05),
  member(2, -0.2),
  member(2, 0.02),
  member(3, 0.3),
  member(3, -0.01),
  member(4, 0.01),
  member(4, -0.02),
  member(5, -0.05),
  member(5, 0.04),
  unscored,
];
const allInside = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5].map((f) => member(f, 0.01));

describe("the check of the ranges on live calls (decision 140)", () => {
  test("each registered date's shares inside, below and above per fifth, against the median of the measured", () => {
    const progress = scoreRangeCheck(RANGE_REGISTRATION, [{ date: FIRST, members: first }], SECOND);
    expect(progress.datesCollected).toBe(1);
    expect(progress.datesNeeded).toBe(32);
    expect(progress.dates).toEqual([
      {
        date: FIRST,
        members: 11,
        leftOut: 1,
        byFifth: [
          { fifth: 1, members: 2, inside: 1, below: 0, above: 0 },
          { fifth: 2, members: 2, inside: 0.5, below: 0.5, above: 0 },
          { fifth: 3, members: 2, inside: 0.5, below: 0, above: 0.5 },
          { fifth: 4, members: 2, inside: 1, below: 0, above: 0 },
          { fifth: 5, members: 2, inside: 1, below: 0, above: 0 },
        ],
      },
    ]);
    // One date: a mean, no interval yet, and no verdict.
    expect(progress.running![1]).toMatchObject({
      fifth: 2,
      dates: 1,
      inside: 0.5,
      insideLow: null,
      insideHigh: null,
    });
    expect(progress.verdict).toBeNull();
  });

  test("the date is the unit: a mean and t-interval over dates, a missed date not replaced, others ignored", () => {
    const progress = scoreRangeCheck(
      RANGE_REGISTRATION,
      [
        { date: FIRST, members: first },
        // Not a registered date: ignored however it came out.
        { date: addTradingSessions(FIRST, 1), members: [member(1, 0.5), member(1, -0.5)] },
        { date: THIRD, members: allInside },
      ],
      addTradingSessions(THIRD, 60),
    );
    expect(progress.dates.map((d) => d.date)).toEqual([FIRST, THIRD]);
    expect(progress.datesMissed).toBe(1);
    expect(progress.datesCollected).toBe(2);
    // Fifth 2: 0.5 then 1: mean 0.75, SD √0.125, t(0.975, 1) = 12.706, half-width 3.18: clipped to 0-1.
    const fifth2 = progress.running![1]!;
    expect(fifth2).toMatchObject({
      dates: 2,
      inside: 0.75,
      below: 0.25,
      above: 0,
      insideLow: 0,
      insideHigh: 1,
    });
    expect(fifth2.targetMet).toBe(false);
    expect(fifth2.missedBeyondChance).toBe(false);
    // Fifth 1: every outcome inside on both dates: above the target, and the interval (no spread) says so.
    expect(progress.running![0]).toMatchObject({
      inside: 1,
      insideLow: 1,
      insideHigh: 1,
      missedBeyondChance: true,
    });
    expect(progress.verdict).toBeNull();
  });

  test("the verdict is taken once, on the first datesNeeded collected dates; a fifth with no member is not collected", () => {
    const registration = { ...RANGE_REGISTRATION, datesNeeded: 2 };
    // 80% inside in each fifth on each date, 10% each side: within the target.
    const eightOfTen = (fifth: number) => [
      member(fifth, -0.3),
      ...Array.from({ length: 8 }, () => member(fifth, 0)),
      member(fifth, 0.3),
    ];
    const even = [1, 2, 3, 4, 5].flatMap(eightOfTen);
    const progress = scoreRangeCheck(
      registration,
      [
        { date: FIRST, members: even },
        { date: SECOND, members: [member(1, 0), member(2, 0)] },
        { date: THIRD, members: even },
      ],
      addTradingSessions(THIRD, 60),
    );
    expect(progress.dates[1]).toEqual({ date: SECOND, members: 2, leftOut: 0, byFifth: null });
    expect(progress.datesCollected).toBe(2);
    expect(progress.verdict!.map((f) => [f.inside, f.below, f.above, f.targetMet])).toEqual(
      Array.from({ length: 5 }, () => [0.8, 0.1, 0.1, true]),
    );
  });

  test("nothing resolves before the first date's 60 sessions have passed", () => {
    const progress = scoreRangeCheck(
      RANGE_REGISTRATION,
      [{ date: FIRST, members: first }],
      addTradingSessions(SECOND, -1),
    );
    expect(progress).toMatchObject({
      datesCollected: 0,
      datesMissed: 0,
      dates: [],
      running: null,
      verdict: null,
    });
  });
});
