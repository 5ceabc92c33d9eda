import { Badge } from "@mantine/core";
import { POSITIVE } from "../lib/colors.ts";

/** Confidence bands: 80% and up green, 60-79% yellow, below 60% red. */
export function confidenceColor(confidence: number): "green" | "yellow" | "red" {
  if (confidence >= 80) return "green";
  if (confidence >= 60) return "yellow";
  return "red";
}

// Shades chosen for WCAG AA contrast of the badge text.
const SHADES = { green: POSITIVE, yellow: "yellow.4", red: "red.9" } as const;

/**
 * A confidence coloured by its band: "Editor's confidence 85%" for an editor's pick (the editor's own view, not a
 * calibrated probability), "85% confidence" otherwise.
 */
export function ConfidenceBadge(props: { confidence: number; editor?: boolean }) {
  const tone = confidenceColor(props.confidence);
  return (
    <Badge color={SHADES[tone]} variant="filled" c={tone === "yellow" ? "dark.9" : "white"} data-tone={tone}>
      {props.editor ? `Editor's confidence ${props.confidence}%` : `${props.confidence}% confidence`}
    </Badge>
  );
}
