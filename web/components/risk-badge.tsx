import { Badge } from "@mantine/core";
import type { RiskWord } from "../lib/risk-words.ts";

const RISK_COLORS: Record<RiskWord, string> = {
  Conservative: "blue",
  Aggressive: "orange",
};

/** A risk in the one vocabulary (decisions 082 and 126), the same colour wherever the word appears; `basis` says why. */
export function RiskBadge(props: { risk: RiskWord; basis?: string }) {
  return (
    <Badge
      variant="light"
      color={RISK_COLORS[props.risk]}
      c="var(--mantine-color-text)"
      title={props.basis}
      data-risk={props.risk}
    >
      {props.risk}
    </Badge>
  );
}
