import { Badge, Text } from "@mantine/core";
import { POSITIVE } from "../../lib/colors.ts";
import { formatDate, formatPercent } from "../../lib/format.ts";
import { type OutcomeSubject, outcomeSentence } from "./outcome-words.ts";
import type { Recommendation } from "./recommendations.queries.ts";

type Outcome = NonNullable<Recommendation["outcome"]>;

/** What the badge says once the target date has passed: the event the confidence stated, and whether it happened. */
const RESOLVED = {
  "beats-median": { true: "Beat the median", false: "Did not beat the median" },
  "trails-median": { true: "Trailed the median", false: "Did not trail the median" },
} as const;

/**
 * How the call has turned out: open (with the total return so far) until its target date, then whether the event
 * its confidence stated happened; the returns behind it are in `OutcomeWords` (docs/decisions/013, 083).
 */
export function OutcomeBadge(props: { outcome: Outcome | null | undefined }) {
  const o = props.outcome;
  if (!o) return null;
  const resolved = o.eventHappened !== null;
  const label = resolved ? RESOLVED[o.statedEvent][o.eventHappened ? "true" : "false"] : "Open";
  const detail =
    resolved || o.realisedReturn === null
      ? ""
      : ` ${formatPercent(o.realisedReturn * 100)}${o.exitDate ? ` · ${formatDate(o.exitDate)}` : ""}`;
  const state = !resolved ? "open" : o.eventHappened ? "happened" : "did-not-happen";
  return (
    <Badge
      color={!resolved ? "gray.7" : o.eventHappened ? POSITIVE : "red.9"}
      variant="filled"
      data-outcome={state}
      title={
        resolved
          ? "Whether the event the call stated happened by its target date"
          : "Total return since the recommendation date's close"
      }
    >
      {label}
      {detail}
    </Badge>
  );
}

/** A resolved call's ending in words, with both returns; nothing while open. */
export function OutcomeWords(props: { recommendation: OutcomeSubject }) {
  const sentence = outcomeSentence(props.recommendation);
  if (!sentence) return null;
  return (
    <Text size="sm" data-testid="outcome-words">
      {sentence}.
    </Text>
  );
}
