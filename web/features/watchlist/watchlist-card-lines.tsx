import { Badge, Group, Stack, Text } from "@mantine/core";
import { ChanceBadge, decileLabel, eventChanceText } from "../../components/model-outlook.tsx";
import { formatPercent } from "../../lib/format.ts";
import type { WatchlistItem } from "./watchlist.queries.ts";

/** Why an item is badged 'Alert': how far it moved, from what, past which threshold. */
export function AlertReason(props: { item: WatchlistItem }) {
  const i = props.item;
  if (!i.shouldAlert || i.changePercent == null) return null;
  return (
    <Text size="xs" mb="xs" data-testid="alert-reason">
      Moved {formatPercent(i.changePercent, 2)} since {i.purchasePrice != null ? "purchase" : "added"}, past
      your ±{i.targetChangePercent}% threshold
    </Text>
  );
}

/**
 * The model's view of the stock today, as an analysis would state it: its decile and the chance of the event that
 * decile states, neutral unless the model card shows a proven edge (as on recommendation cards).
 */
export function ModelToday(props: { item: WatchlistItem }) {
  const m = props.item.model;
  if (!m)
    return (
      <Text size="xs" c="dimmed" mb="xs" data-testid="watchlist-model">
        No model view for this stock
      </Text>
    );
  const percent = Math.round(m.probability * 100);
  return (
    <Stack gap={2} mb="xs" data-testid="watchlist-model">
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          Model today
        </Text>
        <Badge variant="light" color="gray" c="var(--mantine-color-text)" data-testid="watchlist-decile">
          {decileLabel(m.decile)}
        </Badge>
        <ChanceBadge percent={percent} model={m} />
      </Group>
      <Text size="xs" c="dimmed">
        {eventChanceText(percent, m)}
      </Text>
    </Stack>
  );
}
