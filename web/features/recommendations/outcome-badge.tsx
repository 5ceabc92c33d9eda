import { Badge, Text } from "@mantine/core";
import { POSITIVE } from "../../lib/colors.ts";
import { formatDate, formatPercent } from "../../lib/format.ts";
import { isResolved, type OutcomeSubject, outcomeEvent, outcomeSentence } from "./outcome-words.ts";

/** What the badge says once the target date has passed: the event the confidence stated, and whether it happened. */
const RESOLVED = {
  "beats-median": { true: "Beat the median", false: "Did not beat the median" },
  "trails-median": { true: "Trailed the median", false: "Did not trail the median" },
} as const;

/** The session an open call's return runs to: the detail's (a list's row leaves it out, decision 151). */
type ExitDate = { outcome?: { exitDate?: string | null } | null };

/**
 * How the call has turned out: open (with the total return so far, and its date in the dialog) until its target
 * date, then whether the event its confidence stated happened; the returns behind it are in `OutcomeWords`
 * (docs/decisions/013, 083).
 */
export function OutcomeBadge(props: { recommendation: OutcomeSubject & ExitDate }) {
  const r = props.recommendation;
  const o = r.outcome;
  if (!o) return null;
  const resolved = isResolved(o);
  const event = outcomeEvent(r);
  const label = !resolved
    ? "Open"
    : event
      ? RESOLVED[event][o.eventHappened ? "true" : "false"]
      : o.eventHappened
        ? "Happened"
        : "Did not happen";
  const exitDate = r.outcome?.exitDate;
  const detail =
    resolved || o.realisedReturn == null
      ? ""
      : ` ${formatPercent(o.realisedReturn * 100)}${exitDate ? ` · ${formatDate(exitDate)}` : ""}`;
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
