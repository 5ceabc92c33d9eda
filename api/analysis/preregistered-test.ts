// The pre-registered test of live calls, scored as its dates resolve (docs/model/preregistration.md, decision 123):
// which dates count, each one's rank correlation, and the running mean, SD and one-sided t. Pure: the caller reads
// the recorded scores and the stored prices.
import { addTradingSessions, sessionOnOrAfter } from "../lib/trading-calendar.ts";
import type { Preregistration } from "./preregistration.ts";
import { spearman } from "./rank-correlation.ts";
import { tCritical, tUpperTail } from "./student-t.ts";

export type Registration = Pick<
  Preregistration,
  "firstDate" | "horizonSessions" | "weeksPerDate" | "datesNeeded" | "weeksNeeded" | "alpha"
>;

/** One index member on a live scoring date: the model's score (null: it could not score it) and what followed. */
export interface MemberOutcome {
  score: number | null;
  /** Total return over the next `horizonSessions` sessions (to its last close if it stopped trading); null unknown. */
  futureReturn: number | null;
}

export interface RecordedDate {
  date: string;
  members: readonly MemberOutcome[];
}

/** Fewer pairs than this give no correlation worth the name (two points are always +1 or -1). */
export const MIN_PAIRS = 3;

/**
 * The registration's scoring dates whose outcome is known on `knownThrough`: the first session on or after its
 * first date, then every `horizonSessions`th session, each up to the one whose horizon ends on `knownThrough`.
 */
export function resolvedScoringDates(
  registration: Pick<Registration, "firstDate" | "horizonSessions">,
  knownThrough: string | null,
): string[] {
  const dates: string[] = [];
  if (knownThrough === null) return dates;
  for (
    let date = sessionOnOrAfter(registration.firstDate);
    addTradingSessions(date, registration.horizonSessions) <= knownThrough;
    date = addTradingSessions(date, registration.horizonSessions)
  )
    dates.push(date);
  return dates;
}

export interface DateCorrelation {
  date: string;
  /** Spearman correlation of score with outcome; null when fewer than MIN_PAIRS members have both or none vary. */
  correlation: number | null;
  members: number;
  /** Members the model could not score: left out, and counted. */
  leftOut: number;
}

export interface TStatistic {
  dates: number;
  meanCorrelation: number;
  sd: number;
  t: number;
  degreesOfFreedom: number;
  /** One-sided: P(T > t) under a mean correlation of 0. */
  p: number;
}

export interface PreregisteredProgress {
  datesCollected: number;
  datesNeeded: number;
  weeksCollected: number;
  weeksNeeded: number;
  /** Resolved scoring dates with no live scoring recorded: they are not replaced by another date. */
  datesMissed: number;
  dates: DateCorrelation[];
  /** Over every collected date so far; null with fewer than two (no SD) or when the correlations do not vary. */
  running: TStatistic | null;
  /** The test itself, once: on the first `datesNeeded` collected dates against t(1 - alpha, datesNeeded - 1). */
  verdict: (TStatistic & { critical: number; significant: boolean }) | null;
}

function tStatistic(correlations: readonly number[]): TStatistic | null {
  const n = correlations.length;
  if (n < 2) return null;
  const mean = correlations.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(correlations.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  if (!(sd > 0)) return null;
  const t = mean / (sd / Math.sqrt(n));
  return { dates: n, meanCorrelation: mean, sd, t, degreesOfFreedom: n - 1, p: tUpperTail(t, n - 1) };
}

function correlationOf(members: readonly MemberOutcome[]): number | null {
  const pairs = members.filter(
    (m): m is { score: number; futureReturn: number } => m.score !== null && m.futureReturn !== null,
  );
  if (pairs.length < MIN_PAIRS) return null;
  const rho = spearman(
    pairs.map((m) => m.score),
    pairs.map((m) => m.futureReturn),
  );
  return Number.isFinite(rho) ? rho : null;
}

/**
 * Scores the pre-registered test on what has resolved by `knownThrough`: only the registration's own scoring dates
 * count (any other recorded date is ignored), each by the Spearman correlation over its recorded members; "n of N
 * weeks" is collected dates times the weeks a date stands for.
 */
export function scorePreregisteredTest(
  registration: Registration,
  recorded: readonly RecordedDate[],
  knownThrough: string | null,
): PreregisteredProgress {
  const byDate = new Map(recorded.map((r) => [r.date, r]));
  const dates: DateCorrelation[] = [];
  let datesMissed = 0;
  for (const date of resolvedScoringDates(registration, knownThrough)) {
    const scored = byDate.get(date);
    if (!scored) {
      datesMissed++;
      continue;
    }
    dates.push({
      date,
      correlation: correlationOf(scored.members),
      members: scored.members.length,
      leftOut: scored.members.filter((m) => m.score === null).length,
    });
  }
  const correlations = dates.flatMap((d) => (d.correlation === null ? [] : [d.correlation]));
  const atTheEnd = correlations.length >= registration.datesNeeded;
  const final = atTheEnd ? tStatistic(correlations.slice(0, registration.datesNeeded)) : null;
  const critical = tCritical(registration.alpha, registration.datesNeeded - 1);
  return {
    datesCollected: correlations.length,
    datesNeeded: registration.datesNeeded,
    weeksCollected: correlations.length * registration.weeksPerDate,
    weeksNeeded: registration.weeksNeeded,
    datesMissed,
    dates,
    running: tStatistic(correlations),
    verdict: final && { ...final, critical, significant: final.t > critical },
  };
}
