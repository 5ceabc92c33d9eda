import { Badge } from "@mantine/core";
import { POSITIVE } from "../../lib/colors.ts";
import { confidenceColor } from "./recommendation-math.ts";

// Shades chosen for WCAG AA contrast of the badge text.
const SHADES = { green: POSITIVE, yellow: "yellow.4", red: "red.9" } as const;

export function ConfidenceBadge(props: { confidence: number }) {
  const tone = confidenceColor(props.confidence);
  return (
    <Badge color={SHADES[tone]} variant="filled" c={tone === "yellow" ? "dark.9" : "white"} data-tone={tone}>
      {props.confidence}% confidence
    </Badge>
  );
}

export function RiskBadge(props: { aggressive: boolean; basis?: string }) {
  return (
    <Badge variant="light" color={props.aggressive ? "orange" : "blue"} c="dark.9" title={props.basis}>
      {props.aggressive ? "Aggressive" : "Conservative"}
    </Badge>
  );
}
