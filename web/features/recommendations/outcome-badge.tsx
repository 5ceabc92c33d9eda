import { Badge } from "@mantine/core";
import { POSITIVE } from "../../lib/colors.ts";
import { formatDate, formatPercent } from "../../lib/format.ts";
import type { Recommendation } from "./recommendations.queries.ts";

type Outcome = NonNullable<Recommendation["outcome"]>;

const LOOK = {
  open: { color: "gray.7", label: "Open" },
  hit: { color: POSITIVE, label: "Hit" },
  missed: { color: "red.9", label: "Missed" },
} as const;

/** How the call has turned out so far: open, hit (target reached in time) or missed, with its return. */
export function OutcomeBadge(props: { outcome: Outcome | null | undefined }) {
  const o = props.outcome;
  if (!o) return null;
  const look = LOOK[o.status];
  const detail =
    o.realisedReturn === null
      ? ""
      : ` ${formatPercent(o.realisedReturn * 100)}${o.exitDate ? ` · ${formatDate(o.exitDate)}` : ""}`;
  return (
    <Badge color={look.color} variant="filled" data-outcome={o.status} title="Track record of this call">
      {look.label}
      {detail}
    </Badge>
  );
}
