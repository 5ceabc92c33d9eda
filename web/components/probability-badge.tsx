import { Badge, type MantineSize } from "@mantine/core";
import type { ReactNode } from "react";
import { BADGE_TEXT, POSITIVE } from "../lib/colors.ts";

export type ProbabilityTone = "neutral" | "green" | "yellow" | "red";

/**
 * The one rule for colouring a probability (docs/decisions/126-one-vocabulary.md): its band's colour only where the
 * evidence behind it says it has skill (the model card's proven edge, the earnings probability beating the base
 * rate); otherwise neutral, so 49% and 50% never read as different confidence.
 */
export const probabilityTone = (
  band: Exclude<ProbabilityTone, "neutral">,
  proven: boolean,
): ProbabilityTone => (proven ? band : "neutral");

// Shades chosen for WCAG AA contrast of the badge text in both colour schemes.
const SHADES = { neutral: "gray", green: POSITIVE, yellow: "yellow.4", red: "red.9" } as const;

/** A probability as a badge, the same on a recommendation, an analysis and an earnings card. */
export function ProbabilityBadge(props: {
  tone: ProbabilityTone;
  title?: string;
  size?: MantineSize;
  children: ReactNode;
}) {
  const neutral = props.tone === "neutral";
  return (
    <Badge
      size={props.size}
      color={SHADES[props.tone]}
      variant={neutral ? "light" : "filled"}
      c={neutral ? BADGE_TEXT : props.tone === "yellow" ? "dark.9" : "white"}
      data-tone={props.tone}
      title={props.title}
      style={{ flexShrink: 0 }}
    >
      {props.children}
    </Badge>
  );
}
