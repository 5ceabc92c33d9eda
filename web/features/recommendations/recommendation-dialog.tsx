import { Alert, Anchor, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconExternalLink, IconInfoCircle } from "@tabler/icons-react";
import { ConfidenceBadge } from "../../components/confidence-badge.tsx";
import {
  CallBadge,
  decileLabel,
  expectedReturnText,
  statedEventText,
} from "../../components/model-outlook.tsx";
import { formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { OutcomeBadge } from "./outcome-badge.tsx";
import { potentialReturn, priceVersusBuy, researchLinks } from "./recommendation-math.ts";
import type { Recommendation } from "./recommendations.queries.ts";
import { RiskBadge } from "./risk-badge.tsx";

export const DISCLAIMER =
  "Recommendations are generated from historical data and models for information only. They are not financial advice; do your own research before investing.";

function Row(props: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={600}>
        {props.value}
      </Text>
    </Group>
  );
}

/** 'View Full Analysis': everything about one recommendation, with research links. */
export function RecommendationDialog(props: { recommendation: Recommendation | null; onClose: () => void }) {
  const r = props.recommendation;
  const event = r ? statedEventText(r.confidence, r) : null;
  const expected = r ? expectedReturnText(r) : null;
  return (
    <Modal opened={r !== null} onClose={props.onClose} title="View Full Analysis" size="lg" centered>
      {r ? (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {r.symbol} analysis
            </Title>
            <Group gap={6}>
              {r.call ? <CallBadge call={r.call} /> : null}
              <ConfidenceBadge confidence={r.confidence} />
              <RiskBadge aggressive={r.aggressive} basis={r.aggressiveBasis} />
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap={6}>
              <Text fw={700}>Prices</Text>
              <Row label="Buy price" value={formatMoney(r.buyPrice)} />
              <Row label="Target price" value={formatMoney(r.sellTarget)} />
              <Row
                label="Current price"
                value={r.currentPrice != null ? formatMoney(r.currentPrice) : "Data not available currently"}
              />
            </Stack>
            <Stack gap={6}>
              <Text fw={700}>Return analysis</Text>
              <Row
                label="Potential return"
                value={potentialReturn(Number(r.buyPrice), Number(r.sellTarget))}
              />
              <Row
                label="Since recommended"
                value={
                  r.currentPrice != null
                    ? formatPercent(priceVersusBuy(r.currentPrice, Number(r.buyPrice)).percent, 2)
                    : "—"
                }
              />
              <Row
                label="Risk level"
                value={`${r.aggressive ? "Aggressive" : "Conservative"} (${r.aggressiveBasis})`}
              />
            </Stack>
          </SimpleGrid>
          {r.decile != null || expected ? (
            <>
              <Divider />
              <Stack gap={6}>
                <Text fw={700}>Model outlook</Text>
                {r.decile != null ? <Row label="Rank in the universe" value={decileLabel(r.decile)} /> : null}
                {event ? <Row label="Confidence" value={event} /> : null}
                {expected ? <Row label="Expected return" value={expected} /> : null}
                {r.modelVersion ? <Row label="Model" value={r.modelVersion} /> : null}
              </Stack>
            </>
          ) : null}
          <Divider />
          <Stack gap={6}>
            <Text fw={700}>Timeline</Text>
            <Row label="Recommendation date" value={formatDate(r.recommendationDate)} />
            <Row label="Target achievement date" value={formatDate(r.estimatedDate)} />
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Outcome so far
              </Text>
              <OutcomeBadge outcome={r.outcome} />
            </Group>
          </Stack>
          <Divider />
          <Stack gap={6}>
            <Text fw={700}>AI reasoning</Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {r.reason}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700}>Research</Text>
            <Group gap="md">
              {researchLinks(r.symbol).map((link) => (
                <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} wrap="nowrap">
                    {link.label}
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ))}
            </Group>
          </Stack>
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {DISCLAIMER}
          </Alert>
        </Stack>
      ) : null}
    </Modal>
  );
}
