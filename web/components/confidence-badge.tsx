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

/** A recommendation's or an analysis's confidence, coloured by its band. */
export function ConfidenceBadge(props: { confidence: number }) {
  const tone = confidenceColor(props.confidence);
  return (
    <Badge color={SHADES[tone]} variant="filled" c={tone === "yellow" ? "dark.9" : "white"} data-tone={tone}>
      {props.confidence}% confidence
    </Badge>
  );
}
