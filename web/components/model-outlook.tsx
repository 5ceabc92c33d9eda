import { Badge, type MantineSpacing, Stack, Text } from "@mantine/core";
import { POSITIVE } from "../lib/colors.ts";
import { formatPercent } from "../lib/format.ts";

export type CallKind = "BUY" | "SELL" | "HOLD" | "WATCH";

/** What the ranking model said about a stock; every field is absent on admin posts and older analyses. */
export interface ModelFields {
  decile?: number | null;
  expectedReturn?: number | null;
  expectedReturnLow?: number | null;
  expectedReturnHigh?: number | null;
  horizonDays?: number | null;
}

// Shades chosen for WCAG AA contrast of white badge text.
const CALL_SHADES: Record<CallKind, string> = {
  BUY: POSITIVE,
  SELL: "red.9",
  HOLD: "blue.8",
  WATCH: "gray.7",
};

export function CallBadge(props: { call: CallKind }) {
  return (
    <Badge
      color={CALL_SHADES[props.call]}
      variant="filled"
      c="white"
      data-call={props.call}
      style={{ flexShrink: 0, overflow: "visible" }}
    >
      {props.call}
    </Badge>
  );
}

/** "Decile 10 of 10": the stock's rank in the universe, 10 the best-ranked tenth. */
export const decileLabel = (decile: number) => `Decile ${decile} of 10`;

/** e.g. "Expected +4.1% (80%: -12.0% to +21.3%) over 60 trading days"; null without an expected return. */
export function expectedReturnText(m: ModelFields): string | null {
  if (m.expectedReturn == null) return null;
  const interval =
    m.expectedReturnLow != null && m.expectedReturnHigh != null
      ? ` (80%: ${formatPercent(m.expectedReturnLow * 100)} to ${formatPercent(m.expectedReturnHigh * 100)})`
      : "";
  const horizon = m.horizonDays != null ? ` over ${m.horizonDays} trading days` : "";
  return `Expected ${formatPercent(m.expectedReturn * 100)}${interval}${horizon}`;
}

/**
 * The event the confidence states, in words: deciles 6-10 state beating the median stock's total return over the
 * horizon, 1-5 trailing it. Null without a decile.
 */
export function statedEventText(confidence: number, m: ModelFields): string | null {
  if (m.decile == null) return null;
  const horizon = m.horizonDays != null ? ` over ${m.horizonDays} trading days` : "";
  return `${confidence}% chance that its total return${horizon} ${m.decile >= 6 ? "beats" : "trails"} the median stock's`;
}

/** Decile and expected return with its 80% interval, when the model gave them; nothing otherwise. */
export function ModelOutlook(props: { model: ModelFields; mb?: MantineSpacing }) {
  const expected = expectedReturnText(props.model);
  if (props.model.decile == null && !expected) return null;
  return (
    <Stack gap={0} mb={props.mb} data-testid="model-outlook">
      {props.model.decile != null ? (
        <Text size="sm" fw={700}>
          {decileLabel(props.model.decile)}
        </Text>
      ) : null}
      {expected ? <Text size="sm">{expected}</Text> : null}
    </Stack>
  );
}
