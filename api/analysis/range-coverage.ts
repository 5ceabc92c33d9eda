// The pre-registered check of the ranges on live calls (docs/model/preregistration-ranges.md, decision 140): per
// registered date and volatility fifth, the share of members whose excess return fell inside, below and above the
// range served that day; per fifth, the mean over dates with a t-interval (the date is the unit: stocks of one date
// share its sessions). Pure: the caller reads the recorded ranges and the stored prices.
import { resolvedScoringDates } from "./preregistered-test.ts";
import type { RangeRegistration } from "./range-registration.ts";
import { tCritical } from "./student-t.ts";

export type RangeCheckRegistration = Pick<
  RangeRegistration,
  "firstDate" | "horizonSessions" | "target" | "confidence" | "datesNeeded"
>;

/** One member on a registered date: the range served (null where the model could not score) and what followed. */
export interface MemberRange {
  excessLow: number | null;
  excessHigh: number | null;
  volatilityFifth: number | null;
  /** Total return over the horizon (to the last close if it stopped trading); null when unknown. */
  futureReturn: number | null;
}

export interface RangeDate {
  date: string;
  members: readonly MemberRange[];
}

const FIFTHS = [1, 2, 3, 4, 5] as const;

export interface FifthShares {
  fifth: number;
  /** Members of the fifth with a range and a known outcome. */
  members: number;
  inside: number;
  below: number;
  above: number;
}

export interface DateCoverage {
  date: string;
  members: number;
  /** Members with no range (the model could not score them) or no known outcome: left out, and counted. */
  leftOut: number;
  /** Null when a fifth has no member to measure: the date is not collected. */
  byFifth: FifthShares[] | null;
}

export interface FifthCoverage {
  fifth: number;
  dates: number;
  /** Mean over dates of the share inside, and its t-interval clipped to 0-1 (null under two dates). */
  inside: number;
  insideLow: number | null;
  insideHigh: number | null;
  below: number;
  above: number;
  /** The mean share inside is within the target. */
  targetMet: boolean;
  /** The whole interval lies outside the target: a miss larger than chance explains. */
  missedBeyondChance: boolean;
}

export interface RangeCheckProgress {
  datesCollected: number;
  datesNeeded: number;
  datesMissed: number;
  dates: DateCoverage[];
  /** Per fifth over every collected date so far; null before the first. Not the verdict. */
  running: FifthCoverage[] | null;
  /** The check itself, once: on the first `datesNeeded` collected dates; null until there are that many. */
  verdict: FifthCoverage[] | null;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** One date's shares per fifth, each member's excess over the median return of the members measured that day. */
function coverageOn({ date, members }: RangeDate): DateCoverage {
  const measured = members.filter(
    (m): m is { excessLow: number; excessHigh: number; volatilityFifth: number; futureReturn: number } =>
      m.excessLow !== null && m.excessHigh !== null && m.volatilityFifth !== null && m.futureReturn !== null,
  );
  const leftOut = members.length - measured.length;
  if (!measured.length) return { date, members: members.length, leftOut, byFifth: null };
  const mid = median(measured.map((m) => m.futureReturn));
  const byFifth = FIFTHS.map((fifth) => {
    const inFifth = measured.filter((m) => m.volatilityFifth === fifth);
    const n = inFifth.length;
    const below = inFifth.filter((m) => m.futureReturn - mid < m.excessLow).length;
    const above = inFifth.filter((m) => m.futureReturn - mid > m.excessHigh).length;
    return { fifth, members: n, inside: (n - below - above) / n, below: below / n, above: above / n };
  });
  return {
    date,
    members: members.length,
    leftOut,
    byFifth: byFifth.every((f) => f.members > 0) ? byFifth : null,
  };
}

function coverageOver(
  registration: RangeCheckRegistration,
  dates: readonly FifthShares[][],
): FifthCoverage[] {
  const n = dates.length;
  const critical = n >= 2 ? tCritical((1 - registration.confidence) / 2, n - 1) : null;
  return FIFTHS.map((fifth, k) => {
    const shares = dates.map((d) => d[k]!);
    const inside = mean(shares.map((s) => s.inside));
    const sd = n >= 2 ? Math.sqrt(shares.reduce((a, s) => a + (s.inside - inside) ** 2, 0) / (n - 1)) : null;
    const half = critical !== null && sd !== null ? (critical * sd) / Math.sqrt(n) : null;
    // A share is between 0 and 1 whatever the t says with few dates.
    const insideLow = half === null ? null : Math.max(0, inside - half);
    const insideHigh = half === null ? null : Math.min(1, inside + half);
    const { low, high } = registration.target;
    return {
      fifth,
      dates: n,
      inside,
      insideLow,
      insideHigh,
      below: mean(shares.map((s) => s.below)),
      above: mean(shares.map((s) => s.above)),
      targetMet: inside >= low && inside <= high,
      missedBeyondChance: insideLow !== null && insideHigh !== null && (insideHigh < low || insideLow > high),
    };
  });
}

/**
 * Scores the check on what has resolved by `knownThrough`: only the registration's dates count (any other recorded
 * date is ignored), a registered date with nothing recorded is missed and not replaced.
 */
export function scoreRangeCheck(
  registration: RangeCheckRegistration,
  recorded: readonly RangeDate[],
  knownThrough: string | null,
): RangeCheckProgress {
  const byDate = new Map(recorded.map((r) => [r.date, r]));
  const dates: DateCoverage[] = [];
  let datesMissed = 0;
  for (const date of resolvedScoringDates(registration, knownThrough)) {
    const scored = byDate.get(date);
    if (scored) dates.push(coverageOn(scored));
    else datesMissed++;
  }
  const collected = dates.flatMap((d) => (d.byFifth ? [d.byFifth] : []));
  return {
    datesCollected: collected.length,
    datesNeeded: registration.datesNeeded,
    datesMissed,
    dates,
    running: collected.length ? coverageOver(registration, collected) : null,
    verdict:
      collected.length >= registration.datesNeeded
        ? coverageOver(registration, collected.slice(0, registration.datesNeeded))
        : null,
  };
}
