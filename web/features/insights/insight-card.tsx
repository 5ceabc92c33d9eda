import { Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import {
  CallBadge,
  ChanceBadge,
  ModelOutlook,
  NO_PRICE_FORECAST,
  versusMedianText,
} from "../../components/model-outlook.tsx";
import { RiskBadge } from "../../components/risk-badge.tsx";
import { SymbolActions } from "../../components/symbol-actions.tsx";
import { formatDate, formatInstant, formatMoney, formatPercent } from "../../lib/format.ts";
import { RISK_LEVEL_BASIS, RISK_LEVEL_WORDS } from "../../lib/risk-words.ts";
import type { Insight } from "./insights.queries.ts";

// The charting library is loaded only when a chart is opened.
const InsightChart = lazy(() => import("./insight-chart.tsx"));

/** `marked`: the analysis the address names (its own route, or the one just run): outlined, scrolled to, focused. */
/** Brings the marked card into view and reads it out, in the next frame (not in the middle of React's commit). */
function focusWhenMarked(node: HTMLElement | null) {
  if (node)
    requestAnimationFrame(() => {
      node.scrollIntoView?.({ block: "nearest" });
      node.focus({ preventScroll: true });
    });
}

export function InsightCard(props: { insight: Insight; detailed?: boolean; marked?: boolean }) {
  const i = props.insight;
  const [chart, setChart] = useState(false);
  const move = ((i.projectedPrice - i.currentPrice) / i.currentPrice) * 100;
  // With an expected return over the median stock, projectedPrice is that mark, not an expected price: the card
  // shows the excess instead (docs/decisions/114-prices-that-mean-what-they-say.md).
  const excess = i.expectedExcessReturn ?? null;
  // Without a news source the impact is a placeholder, not a reading of the news: say there is none.
  const noNews = i.newsAvailable === false;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="insight-card"
      data-insight-id={i.id}
      aria-current={props.marked ? "true" : undefined}
      aria-label={props.marked ? `${i.symbol} analysis` : undefined}
      tabIndex={props.marked ? -1 : undefined}
      ref={props.marked ? focusWhenMarked : undefined}
      style={
        props.marked
          ? { outline: "2px solid var(--mantine-primary-color-filled)", outlineOffset: 2 }
          : undefined
      }
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={800} fz="lg">
            {i.symbol}
          </Text>
          <CallBadge call={i.recommendation} />
        </Group>
        <Group gap={6}>
          <ChanceBadge percent={i.confidence} model={i} />
          <RiskBadge risk={RISK_LEVEL_WORDS[i.riskLevel]} basis={RISK_LEVEL_BASIS[i.riskLevel]} />
        </Group>
      </Group>
      <ModelOutlook model={i} percent={i.confidence} mb="sm" />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Price
          </Text>
          <Text fw={600}>{formatMoney(i.currentPrice)}</Text>
        </Stack>
        {excess !== null ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Vs median stock
            </Text>
            <Text fw={600}>{versusMedianText(excess)}</Text>
            <Text size="xs" c="dimmed">
              {NO_PRICE_FORECAST}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Projected
            </Text>
            <Text fw={600}>
              {formatMoney(i.projectedPrice)} ({formatPercent(move)})
            </Text>
          </Stack>
        )}
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Horizon
          </Text>
          <Text fw={600}>{i.timeHorizon}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {noNews ? "News" : "News impact"}
          </Text>
          <Text fw={600}>{noNews ? "No news source" : i.newsImpact}</Text>
        </Stack>
      </SimpleGrid>
      <Text size="sm" lineClamp={props.detailed ? undefined : 3}>
        {i.reasoning}
      </Text>
      {i.newsSummary ? (
        <Text size="sm" c="dimmed" mt={6} lineClamp={props.detailed ? undefined : 2}>
          <Text span fw={700}>
            News:
          </Text>{" "}
          {i.newsSummary}
        </Text>
      ) : null}
      {props.detailed ? (
        <>
          <Text size="sm" mt="sm">
            <Text span fw={700}>
              Target date:
            </Text>{" "}
            {formatDate(i.targetDate)}
          </Text>
          <Text size="sm" fw={700} mt="sm">
            Key factors
          </Text>
          <List size="sm" spacing={2}>
            {i.keyFactors.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Group justify="space-between" mt="xs" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={() => setChart(!chart)}
          aria-expanded={chart}
        >
          {chart ? "Hide chart" : "Show chart"}
        </Button>
        <SymbolActions symbol={i.symbol} />
      </Group>
      {chart ? (
        <Suspense fallback={<Skeleton height={260} mt="xs" />}>
          <InsightChart
            symbol={i.symbol}
            projectedPrice={excess !== null ? null : i.projectedPrice}
            targetDate={i.targetDate}
          />
        </Suspense>
      ) : null}
      <Text size="xs" c="dimmed" mt="sm">
        Analyzed {formatInstant(i.createdAt)} on market data as of {formatDate(i.asOf ?? null)}
        {i.modelVersion ? ` · model ${i.modelVersion}` : ""}
      </Text>
    </Card>
  );
}
