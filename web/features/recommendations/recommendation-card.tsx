import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { ConfidenceBadge } from "../../components/confidence-badge.tsx";
import {
  CallBadge,
  ChanceBadge,
  ModelOutlook,
  NO_PRICE_FORECAST,
  versusMedianText,
} from "../../components/model-outlook.tsx";
import { RiskBadge } from "../../components/risk-badge.tsx";
import { SymbolActions } from "../../components/symbol-actions.tsx";
import { GAIN_TEXT, LOSS_TEXT } from "../../lib/colors.ts";
import { formatDate, formatMoney, formatPercent, formatSignedMoney } from "../../lib/format.ts";
import { RISK_SCALE_BASIS, riskWordOfFlag } from "../../lib/risk-words.ts";
import { EDITORS_NOTE, ModelViewOfPick } from "./editors-pick.tsx";
import { Figure } from "./figure.tsx";
import { OutcomeBadge, OutcomeWords } from "./outcome-badge.tsx";
import { OPENS_RECOMMENDATION } from "./recommendation-focus.ts";
import { isRelativeCall, potentialReturn, priceVersusBuy, researchLinks } from "./recommendation-math.ts";
import type { RecommendationRow } from "./recommendations.queries.ts";
import { SourceLabel } from "./source-label.tsx";

/**
 * The recommendation's confidence badge: an editor's pick shows the editor's confidence in the spec's colours, a
 * model call its probability as a chance, neutral unless the model card's edge is significant.
 */
export function RecommendationConfidence(props: { recommendation: RecommendationRow }) {
  const r = props.recommendation;
  return r.source === "admin" ? (
    <ConfidenceBadge confidence={r.confidence} editor />
  ) : (
    <ChanceBadge percent={r.confidence} model={r} />
  );
}

/**
 * The current price against the buy price. On the day a call is made the buy price is that day's close, so the
 * move is nothing yet: said in words rather than as "+$0.00 (0.00%)".
 */
export function versusBuyFigure(
  current: number | null | undefined,
  buy: number,
): { value: string; color?: string; note?: string } {
  if (current == null) return { value: "—" };
  const vs = priceVersusBuy(current, buy);
  if (Math.abs(vs.dollars) < 0.005) return { value: "At buy price", note: "No move since the call yet" };
  return {
    value: `${formatSignedMoney(vs.dollars)} (${formatPercent(vs.percent)})`,
    color: vs.dollars > 0 ? GAIN_TEXT : LOSS_TEXT,
  };
}

export function RecommendationCard(props: {
  recommendation: RecommendationRow;
  showDate?: boolean;
  onOpen: () => void;
}) {
  const r = props.recommendation;
  const buy = Number(r.buyPrice);
  const target = Number(r.sellTarget);
  const vs = versusBuyFigure(r.currentPrice, buy);
  const relative = isRelativeCall(r);
  return (
    // Cards in a row are equal height (grid items stretch) with the button at the bottom.
    <Card
      withBorder
      padding="md"
      radius="md"
      data-testid="recommendation-card"
      h="100%"
      style={{ display: "flex", flexDirection: "column" }}
    >
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Anchor
            href={researchLinks(r.symbol)[0]!.href}
            target="_blank"
            rel="noopener noreferrer"
            fw={800}
            fz="lg"
            c="var(--mantine-color-text)"
            aria-label={`${r.symbol} quote (opens in a new tab)`}
          >
            <Group gap={4} wrap="nowrap">
              {r.symbol}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          {r.call ? <CallBadge call={r.call} /> : null}
        </Group>
        <Group gap={6} justify="flex-end">
          <RecommendationConfidence recommendation={r} />
          <RiskBadge risk={riskWordOfFlag(r.aggressive)} basis={RISK_SCALE_BASIS} />
        </Group>
      </Group>
      {/* The whole body opens the dialog for a pointer; the button below is the keyboard and screen-reader way. */}
      <Box onClick={props.onOpen} style={{ cursor: "pointer", flex: 1 }}>
        <Box mb={6}>
          <SourceLabel recommendation={r} />
        </Box>
        {r.source === "model" ? <ModelOutlook model={r} percent={r.confidence} mb="xs" /> : null}
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Figure label="Buy price" value={formatMoney(buy)} />
          {relative ? (
            <Figure label="Target price" value={NO_PRICE_FORECAST} note="a call against the median stock" />
          ) : (
            <Figure label="Target price" value={formatMoney(target)} />
          )}
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Current price
            </Text>
            {r.currentPrice != null ? (
              <Text fw={600}>{formatMoney(r.currentPrice)}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                Data not available currently
              </Text>
            )}
          </Stack>
          <Figure label="vs buy price" value={vs.value} color={vs.color} note={vs.note} />
          {relative ? (
            <Figure
              label="Vs median stock"
              value={versusMedianText(r.expectedExcessReturn!)}
              note={r.horizonDays != null ? `expected, ${r.horizonDays} trading days` : "expected"}
            />
          ) : (
            <Figure label="Potential return" value={potentialReturn(buy, target)} color={GAIN_TEXT} />
          )}
          <Figure label="Target date" value={formatDate(r.estimatedDate)} />
        </SimpleGrid>
        {r.source === "admin" ? (
          <Text size="xs" fw={700} mt="sm">
            {EDITORS_NOTE}
          </Text>
        ) : null}
        <Text
          size="sm"
          mt={r.source === "admin" ? 0 : "sm"}
          lineClamp={2}
          data-testid="recommendation-reason"
        >
          {r.reason}
        </Text>
        {r.source === "admin" ? (
          <Box mt="xs">
            <ModelViewOfPick recommendation={r} />
          </Box>
        ) : null}
        <Group mt="xs" gap={6}>
          <OutcomeBadge recommendation={r} />
        </Group>
        <OutcomeWords recommendation={r} />
        {props.showDate ? (
          <Text size="xs" c="dimmed" mt={6}>
            Recommended: {formatDate(r.recommendationDate)}
          </Text>
        ) : null}
      </Box>
      <Group justify="space-between" mt="xs" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={props.onOpen}
          aria-label={`View Full Analysis of ${r.symbol}`}
          {...{ [OPENS_RECOMMENDATION]: r.id }}
        >
          View Full Analysis →
        </Button>
        <SymbolActions symbol={r.symbol} />
      </Group>
    </Card>
  );
}
