import type { StatedEvent } from "../../components/model-outlook.tsx";
import { formatDate, formatStatistic, pointsBetween, signedPercent } from "../../lib/format.ts";
import type { RecommendationRow } from "./recommendations.queries.ts";

type Outcome = NonNullable<RecommendationRow["outcome"]>;

/**
 * What a resolved call's words are made of: its outcome, the event it scores and the horizon the track record scores
 * it over. A list's row leaves out what is null (decision 151), so absent and null read alike here.
 */
export type OutcomeSubject = Pick<
  RecommendationRow,
  "outcome" | "statedEvent" | "horizonDays" | "estimatedDate"
>;

/** Whether the call is past its target date, so its stated event has happened or not. */
export const isResolved = (outcome: Outcome): boolean => outcome.eventHappened != null;

/**
 * The event a call's outcome scores: the outcome's own where it names one (an editor's pick, which states none on the
 * row), else the row's statedEvent, which a list does not repeat in the outcome.
 */
export const outcomeEvent = (r: Pick<RecommendationRow, "outcome" | "statedEvent">): StatedEvent | null =>
  r.outcome?.statedEvent ?? r.statedEvent ?? null;

/** A resolved call's return against the median stock of its date, in points as shown; null when open or unknown. */
export function outcomePoints(outcome: Outcome | null | undefined): number | null {
  if (!outcome || !isResolved(outcome)) return null;
  if (outcome.realisedReturn == null || outcome.universeMedianReturn == null) return null;
  return pointsBetween(outcome.realisedReturn, outcome.universeMedianReturn);
}

/**
 * The span the track record scores a call over (api/features/recommendations/track-record.ts): from the
 * recommendation date's close to the target date's, which for a model call is its horizon in trading days.
 */
function horizonWords(r: OutcomeSubject): string {
  if (r.horizonDays != null) return `over ${r.horizonDays} trading days`;
  return `to its target date, ${formatDate(r.estimatedDate)}`;
}

const pointsText = (points: number) =>
  `${formatStatistic(Math.abs(points), 1)} ${Math.abs(points) === 1 ? "point" : "points"}`;

/**
 * How a resolved call ended, in words: "Beat the median stock by 3.1 points over 60 trading days", "Trailed the
 * median stock by ...", "Matched the median stock ..." when the figures shown are equal. The points are the
 * difference of the two returns as shown (decision 083), the median is that of the index members of the call's
 * date, as the track record's. Null while the call is open or without the returns.
 */
export function outcomeHeadline(r: OutcomeSubject): string | null {
  const points = outcomePoints(r.outcome);
  if (points === null) return null;
  const horizon = horizonWords(r);
  if (points === 0) return `Matched the median stock ${horizon}`;
  return `${points > 0 ? "Beat" : "Trailed"} the median stock by ${pointsText(points)} ${horizon}`;
}

/** The headline with both returns, e.g. "Beat the median stock by 5.1 points over 60 trading days (+6.1% against +1.0%)". */
export function outcomeSentence(r: OutcomeSubject): string | null {
  const headline = outcomeHeadline(r);
  const o = r.outcome;
  if (!headline || !o) return null;
  return `${headline} (${signedPercent(o.realisedReturn)} against ${signedPercent(o.universeMedianReturn)})`;
}

/** The table's short form: "Beat by 3.1 points", "Trailed by 0.4 points", "Matched", "Open", "—". */
export function outcomeShort(r: OutcomeSubject): string {
  const o = r.outcome;
  if (!o) return "—";
  if (!isResolved(o)) return "Open";
  const points = outcomePoints(o);
  if (points === null) return "—";
  if (points === 0) return "Matched the median";
  return `${points > 0 ? "Beat" : "Trailed"} the median by ${pointsText(points)}`;
}
