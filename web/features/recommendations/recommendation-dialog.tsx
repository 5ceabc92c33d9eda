import {
  Alert,
  Anchor,
  Divider,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconExternalLink, IconInfoCircle } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense } from "react";
import {
  CallBadge,
  CoinFlipBar,
  chanceTone,
  decileLabel,
  eventChanceText,
  expectedReturnText,
  NO_PRICE_FORECAST,
  StaleModelNote,
  versusMedianText,
} from "../../components/model-outlook.tsx";
import { RiskBadge } from "../../components/risk-badge.tsx";
import { GAIN_TEXT } from "../../lib/colors.ts";
import { formatAsOf, formatDate, formatMoney } from "../../lib/format.ts";
import { riskWordOfFlag } from "../../lib/risk-words.ts";
import { DISCLAIMER } from "./disclaimer.ts";
import { ModelViewOfPick, reasonHeading } from "./editors-pick.tsx";
import { Figure } from "./figure.tsx";
import { OutcomeBadge, OutcomeWords } from "./outcome-badge.tsx";
import { reasonParts } from "./reason-parts.ts";
import { RecommendationConfidence, versusBuyFigure } from "./recommendation-card.tsx";
import { isRelativeCall, potentialReturn, researchLinks } from "./recommendation-math.ts";
import type { Recommendation } from "./recommendations.queries.ts";
import { provenanceText, SourceLabel, sourceText } from "./source-label.tsx";

const RecommendationPriceChart = lazy(() => import("./recommendation-price-chart.tsx"));

export { DISCLAIMER };

function Row(props: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {props.value}
      </Text>
    </Group>
  );
}

/**
 * 'View Full Analysis': one recommendation's key numbers, price chart, reasons and research links. Open while it has
 * a recommendation, or while `placeholder` (its loading or failure) stands in for one.
 */
export function RecommendationDialog(props: {
  recommendation: Recommendation | null;
  onClose: () => void;
  placeholder?: ReactNode;
}) {
  const r = props.recommendation;
  const model = r?.source === "model";
  const event = r && model ? eventChanceText(r.confidence, r) : null;
  const expected = r && model ? expectedReturnText(r) : null;
  const editor = r && !model ? sourceText(r) : null;
  const buy = Number(r?.buyPrice);
  const target = Number(r?.sellTarget);
  const vs = r ? versusBuyFigure(r.currentPrice, buy) : null;
  const reason = r ? reasonParts(r.reason) : null;
  const relative = r ? isRelativeCall(r) : false;
  return (
    <Modal
      opened={r !== null || props.placeholder != null}
      onClose={props.onClose}
      title="View Full Analysis"
      size="xl"
      centered
      // The route that opens it puts focus back on the card that did (recommendation-focus.ts).
      returnFocus={false}
    >
      {r && vs && reason ? (
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Stack gap={2}>
              <Title order={2} size="h3">
                {r.symbol} analysis
              </Title>
              <SourceLabel recommendation={r} />
            </Stack>
            <Group gap={6}>
              {r.call ? <CallBadge call={r.call} /> : null}
              <RecommendationConfidence recommendation={r} />
              <RiskBadge risk={riskWordOfFlag(r.aggressive)} basis={r.aggressiveBasis} />
            </Group>
          </Group>
          <Text size="sm" data-testid="recommendation-provenance">
            {provenanceText(r).label} call: {provenanceText(r).detail}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
            <Figure framed label="Buy price" value={formatMoney(buy)} />
            {relative ? (
              <Figure
                framed
                label="Target price"
                value={NO_PRICE_FORECAST}
                note="a call against the median stock"
              />
            ) : (
              <Figure framed label="Target price" value={formatMoney(target)} />
            )}
            <Figure
              framed
              label="Current price"
              value={r.currentPrice != null ? formatMoney(r.currentPrice) : "Data not available currently"}
              note={
                r.currentPrice != null && r.currentPriceAsOf
                  ? `as of ${formatAsOf(r.currentPriceAsOf)}`
                  : null
              }
            />
            <Figure framed label="vs buy price" value={vs.value} color={vs.color} note={vs.note} />
            {relative && r.expectedExcessReturn != null ? (
              <Figure
                framed
                label="Vs median stock"
                value={versusMedianText(r.expectedExcessReturn)}
                note={r.horizonDays != null ? `expected, ${r.horizonDays} trading days` : "expected"}
              />
            ) : (
              <Figure
                framed
                label="Potential return"
                value={potentialReturn(buy, target)}
                color={GAIN_TEXT}
              />
            )}
            <Figure framed label="Recommended" value={formatDate(r.recommendationDate)} />
            <Figure framed label="Target date" value={formatDate(r.estimatedDate)} />
            <Paper withBorder radius="sm" p="xs">
              <Text size="xs" c="dimmed">
                Outcome so far
              </Text>
              <OutcomeBadge recommendation={r} />
            </Paper>
          </SimpleGrid>
          <OutcomeWords recommendation={r} />
          <Suspense fallback={<Skeleton height={220} animate={false} />}>
            <RecommendationPriceChart symbol={r.symbol} buyPrice={buy} target={relative ? null : target} />
          </Suspense>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap={6}>
              <Text fw={700}>Risk and timeline</Text>
              <Row label="Risk level" value={`${riskWordOfFlag(r.aggressive)} (${r.aggressiveBasis})`} />
              <Row
                label={relative ? "Horizon ends" : "Target achievement date"}
                value={formatDate(r.estimatedDate)}
              />
            </Stack>
            {model ? (
              <Stack gap={6}>
                <Text fw={700}>Model outlook</Text>
                {event ? (
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {event}
                    </Text>
                    <CoinFlipBar percent={r.confidence} tone={chanceTone(r.confidence, r.edgeSignificant)} />
                  </Stack>
                ) : null}
                {r.decile != null ? <Row label="Rank in the universe" value={decileLabel(r.decile)} /> : null}
                {expected ? <Text size="sm">{expected}</Text> : null}
                {r.modelVersion ? <Row label="Model" value={r.modelVersion} /> : null}
                {r.modelTrainedThrough ? (
                  <Row label="Trained on outcomes through" value={formatDate(r.modelTrainedThrough)} />
                ) : null}
                <StaleModelNote model={r} />
              </Stack>
            ) : editor ? (
              <Stack gap={6}>
                <Text fw={700}>{editor.label}</Text>
                <Row label="Posted by" value={r.postedByName ?? "An editor"} />
                <Row label="Editor's confidence" value={`${r.confidence}%`} />
                <Text size="xs" c="dimmed">
                  The editor's own view, not a probability the model measured.
                </Text>
              </Stack>
            ) : null}
          </SimpleGrid>
          <Divider />
          <Stack gap={6}>
            <Text fw={700}>{reasonHeading(r)}</Text>
            <List size="sm" spacing={4} data-testid="recommendation-reasons">
              {reason.points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
            <ModelViewOfPick recommendation={r} />
            {reason.factors.length ? (
              <>
                <Text size="sm" fw={600} mt={4}>
                  What moved its rank most
                </Text>
                <List size="sm" spacing={4}>
                  {reason.factors.map((factor) => (
                    <List.Item key={factor}>{factor}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
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
      ) : (
        props.placeholder
      )}
    </Modal>
  );
}
