import { Badge, Box, Group, type MantineSpacing, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { fittedRangeText } from "../../api/analysis/fitted-range.constants.ts";
import { POSITIVE } from "../lib/colors.ts";
import { formatDate, signedPercent, sizePercent } from "../lib/format.ts";
import { confidenceColor } from "./confidence-badge.tsx";
import { ProbabilityBadge, type ProbabilityTone, probabilityTone } from "./probability-badge.tsx";

export type CallKind = "BUY" | "SELL" | "HOLD" | "WATCH";

export type StatedEvent = "beats-median" | "trails-median";

/**
 * What the ranking model said about a stock; every field is absent on editor's picks and older analyses, and the
 * evidence fields (statedEvent, expectedExcess*, edgeSignificant, model*) on rows written before issue 24.
 */
export interface ModelFields {
  decile?: number | null;
  expectedReturn?: number | null;
  expectedReturnLow?: number | null;
  expectedReturnHigh?: number | null;
  horizonDays?: number | null;
  statedEvent?: StatedEvent | null;
  expectedExcessReturn?: number | null;
  expectedExcessLow?: number | null;
  expectedExcessHigh?: number | null;
  edgeSignificant?: boolean | null;
  modelTrainedThrough?: string | null;
  modelStale?: boolean | null;
}

/** What a model call shows where a target or projected price would be: the model forecasts no price (decision 114). */
export const NO_PRICE_FORECAST = "No price forecast";

/** The expected return over the median stock as a short figure: "Beat by 1.2%", "Trail by 1.4%", "Match". */
export function versusMedianText(excess: number): string {
  const size = sizePercent(excess);
  if (size === "0.0%") return "Match";
  return `${excess > 0 ? "Beat" : "Trail"} by ${size}`;
}

/** What each call states: a ranking against the median stock, never a direction of the price. */
export const CALL_MEANINGS: Record<CallKind, string> = {
  BUY: "BUY: top tenth of the ranking, expected to beat the median stock",
  SELL: "SELL: bottom tenth of the ranking, expected to trail the median stock (its price may still rise)",
  HOLD: "HOLD: middle of the ranking, expected near the median stock",
  WATCH: "WATCH: next to an edge of the ranking",
};

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
      title={CALL_MEANINGS[props.call]}
      style={{ flexShrink: 0, overflow: "visible" }}
    >
      {props.call}
    </Badge>
  );
}

/** "Decile 10 of 10": the stock's rank in the universe, 10 the best-ranked tenth. */
export const decileLabel = (decile: number) => `Decile ${decile} of 10`;

/**
 * The event the model's probability is the chance of, as the API states it from the call (every HOLD the chance to
 * beat the median stock, decision 126). Null when unknown: an editor's pick, or an analysis made before the model.
 */
export const statedEventOf = (m: ModelFields): StatedEvent | null => m.statedEvent ?? null;

const horizonText = (m: ModelFields) => (m.horizonDays != null ? ` over ${m.horizonDays} trading days` : "");

/** e.g. "53% chance to beat the median S&P 500 stock over 60 trading days"; null when the event is unknown. */
export function eventChanceText(percent: number, m: ModelFields): string | null {
  const event = statedEventOf(m);
  if (!event) return null;
  const verb = event === "beats-median" ? "beat" : "trail";
  return `${percent}% chance to ${verb} the median S&P 500 stock${horizonText(m)}`;
}

/** "; range fitted to hold 80% of outcomes (10th to 90th percentile): -9.8% to +12.1%", or nothing without ends. */
const rangeText = (low: number | null | undefined, high: number | null | undefined) =>
  low != null && high != null ? `; ${fittedRangeText(signedPercent(low), signedPercent(high))}` : "";

/**
 * The expected return against the median stock, e.g. "Expected to beat the median stock by 1.2% over 60 trading
 * days; range fitted to hold 80% of outcomes (10th to 90th percentile): -9.8% to +12.1%", or "Expected to trail ...
 * by 1.4%" when it is negative. The range is called fitted, not held: on the years held back from its fit it held
 * less (decision 140). Rows written before the excess return existed fall back to the total return ("Expected +4.1%
 * ..."). Null without either.
 */
export function expectedReturnText(m: ModelFields): string | null {
  const excess = m.expectedExcessReturn;
  if (excess != null) {
    const size = sizePercent(excess);
    const head =
      size === "0.0%"
        ? "Expected to match the median stock"
        : `Expected to ${excess > 0 ? "beat" : "trail"} the median stock by ${size}`;
    return `${head}${horizonText(m)}${rangeText(m.expectedExcessLow, m.expectedExcessHigh)}`;
  }
  if (m.expectedReturn == null) return null;
  return `Expected ${signedPercent(m.expectedReturn)}${horizonText(m)}${rangeText(m.expectedReturnLow, m.expectedReturnHigh)}`;
}

/** "Model trained on outcomes through Dec 29, 2023: older than the data it scores", only for a stale model. */
export function staleModelText(m: ModelFields): string | null {
  if (m.modelStale !== true) return null;
  return m.modelTrainedThrough
    ? `Model trained on outcomes through ${formatDate(m.modelTrainedThrough)}: older than the data it scores`
    : "Model older than the data it scores";
}

/**
 * The model's probability is coloured by the spec's confidence bands only when the model card shows an edge that
 * survives every design tried (edgeSignificant); otherwise it is neutral, so a 57% does not read as a signal
 * (docs/decisions/070-cards-follow-the-evidence.md, 126).
 */
export function chanceTone(percent: number, edgeSignificant: boolean | null | undefined): ProbabilityTone {
  return probabilityTone(confidenceColor(percent), edgeSignificant === true);
}

const TONE_BARS = {
  neutral: "var(--mantine-color-gray-6)",
  green: POSITIVE,
  yellow: "var(--mantine-color-yellow-5)",
  red: "var(--mantine-color-red-8)",
} as const;

/**
 * The model's probability as a badge: "53% chance" (its event said beside it and in the title), neutral unless the
 * edge is significant; "48% confidence" on older rows whose event is unknown.
 */
export function ChanceBadge(props: { percent: number; model: ModelFields }) {
  const event = eventChanceText(props.percent, props.model);
  return (
    <ProbabilityBadge
      tone={chanceTone(props.percent, props.model.edgeSignificant)}
      title={event ?? undefined}
    >
      {event ? `${props.percent}% chance` : `${props.percent}% confidence`}
    </ProbabilityBadge>
  );
}

/**
 * The probability on a bar beside a coin flip's 50% (marked), with both said in words: how far from a coin flip
 * the model's chance is, at a glance.
 */
export function CoinFlipBar(props: { percent: number; tone: ProbabilityTone }) {
  const p = Math.min(100, Math.max(0, props.percent));
  return (
    <Group gap="xs" wrap="nowrap" data-testid="coin-flip">
      <Box
        aria-hidden
        pos="relative"
        h={8}
        style={{
          flex: 1,
          minWidth: 60,
          maxWidth: 160,
          borderRadius: 4,
          background: "var(--mantine-color-default-border)",
        }}
      >
        <Box
          pos="absolute"
          top={0}
          left={0}
          h="100%"
          w={`${p}%`}
          style={{ borderRadius: 4, background: TONE_BARS[props.tone] }}
        />
        <Box
          pos="absolute"
          top={-3}
          h={14}
          w={2}
          left="calc(50% - 1px)"
          style={{ background: "var(--mantine-color-text)" }}
        />
      </Box>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        coin flip: 50%
      </Text>
    </Group>
  );
}

/** The stale-model note, when the model is older than the data it scores. */
export function StaleModelNote(props: { model: ModelFields; mt?: MantineSpacing }) {
  const text = staleModelText(props.model);
  if (!text) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" mt={props.mt} data-testid="stale-model">
      <IconAlertTriangle
        size={14}
        aria-hidden
        color="var(--mantine-color-orange-7)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="xs" c="light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-4))">
        {text}
      </Text>
    </Group>
  );
}

/**
 * What the model said, in words: the chance of its stated event beside a coin flip, the decile, the expected return
 * against the median stock with its fitted range, and a note when the model is stale. Nothing when the model gave
 * none of it.
 */
export function ModelOutlook(props: { model: ModelFields; percent?: number | null; mb?: MantineSpacing }) {
  const m = props.model;
  const chance = props.percent != null ? eventChanceText(props.percent, m) : null;
  const expected = expectedReturnText(m);
  const stale = staleModelText(m);
  if (m.decile == null && !expected && !chance && !stale) return null;
  return (
    <Stack gap={2} mb={props.mb} data-testid="model-outlook">
      {chance && props.percent != null ? (
        <>
          <Text size="sm" fw={600}>
            {chance}
          </Text>
          <CoinFlipBar percent={props.percent} tone={chanceTone(props.percent, m.edgeSignificant)} />
        </>
      ) : null}
      {m.decile != null ? (
        <Text size="sm" fw={700}>
          {decileLabel(m.decile)}
        </Text>
      ) : null}
      {expected ? <Text size="sm">{expected}</Text> : null}
      <StaleModelNote model={m} />
    </Stack>
  );
}
