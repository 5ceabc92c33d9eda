import { Badge } from "@mantine/core";
import { confidenceColor } from "./recommendation-math.ts";

export function ConfidenceBadge(props: { confidence: number }) {
  const color = confidenceColor(props.confidence);
  return (
    <Badge color={color} variant="filled" c={color === "yellow" ? "dark.9" : "white"} data-tone={color}>
      {props.confidence}% confidence
    </Badge>
  );
}

export function RiskBadge(props: { aggressive: boolean; basis?: string }) {
  return (
    <Badge variant="outline" color={props.aggressive ? "orange.9" : "blue.9"} title={props.basis}>
      {props.aggressive ? "Aggressive" : "Conservative"}
    </Badge>
  );
}
