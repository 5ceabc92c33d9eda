import { ActionIcon, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { Sparkline } from "../../components/sparkline.tsx";
import { GAIN_TEXT, LOSS_TEXT } from "../../lib/colors.ts";
import { formatAsOf, formatMoney, formatPercent } from "../../lib/format.ts";
import { AlertSettings } from "./alert-settings.tsx";
import {
  useAddToWatchlist,
  useRemoveFromWatchlist,
  useUpdateWatchlistItem,
  type WatchlistItem,
  watchlistQueryOptions,
} from "./watchlist.queries.ts";
import { AlertReason, ModelToday } from "./watchlist-card-lines.tsx";
import { WatchlistItemForm } from "./watchlist-item-form.tsx";

function WatchlistCard(props: {
  item: WatchlistItem;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const i = props.item;
  return (
    <Card
      withBorder
      radius="md"
      data-testid="watchlist-card"
      data-alert={i.shouldAlert}
      style={i.shouldAlert ? { boxShadow: "0 0 0 2px var(--mantine-color-red-7)" } : undefined}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={800} fz="lg">
            {i.symbol}
          </Text>
          {i.shouldAlert ? (
            <Badge color="red.8" variant="filled">
              Alert
            </Badge>
          ) : null}
        </Group>
        <Group gap={4}>
          <ActionIcon variant="subtle" color="gray.8" aria-label={`Edit ${i.symbol}`} onClick={props.onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={`Remove ${i.symbol}`}
            onClick={props.onRemove}
            loading={props.removing}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <AlertReason item={i} />
      <ModelToday item={i} />
      <Sparkline values={i.sparkline ?? []} label={`${i.symbol}, last 3 months`} span="3 months" />
      <SimpleGrid cols={2} spacing="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Current price
          </Text>
          <Text fw={600}>
            {i.currentPrice != null ? formatMoney(i.currentPrice) : "Data not available currently"}
          </Text>
          {i.currentPrice != null && i.currentPriceAsOf ? (
            <Text size="xs" c="dimmed">
              as of {formatAsOf(i.currentPriceAsOf)}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {i.purchasePrice != null ? "Change since purchase" : "Change since added"}
          </Text>
          <Text
            fw={600}
            c={i.changePercent == null ? undefined : i.changePercent >= 0 ? GAIN_TEXT : LOSS_TEXT}
          >
            {formatPercent(i.changePercent)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {i.purchasePrice != null ? "Purchase price" : "Price when added"}
          </Text>
          <Text fw={600}>{formatMoney(i.purchasePrice ?? i.addedPrice)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Alert threshold
          </Text>
          <Text fw={600}>±{i.targetChangePercent}%</Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

export function WatchlistTab() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(watchlistQueryOptions());
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WatchlistItem | null>(null);
  const add = useAddToWatchlist();
  const update = useUpdateWatchlistItem();
  const remove = useRemoveFromWatchlist();
  const alerts = data?.filter((i) => i.shouldAlert).length ?? 0;

  return (
    <section aria-labelledby="watchlist-title">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={2} id="watchlist-title" size="h3">
            My Watchlist
          </Title>
          {/* No count when the list did not load: "0 alerts" would be a claim. */}
          {!isError ? (
            <Badge
              color={alerts ? "red.8" : "gray"}
              variant={alerts ? "filled" : "light"}
              c={alerts ? undefined : "var(--mantine-color-text)"}
            >
              {/* "0 alerts" read as none set: the count is of items past their threshold now. */}
              {alerts ? `${alerts} alerting` : "None alerting"}
            </Badge>
          ) : null}
        </Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          Add Stock
        </Button>
      </Group>
      {isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading watchlist"
        >
          <Skeletons count={3} height={150} testId="watchlist-skeleton" />
        </SimpleGrid>
      ) : isError ? (
        <LoadError what="your watchlist" error={error} onRetry={refetch} retrying={isFetching} />
      ) : !data?.length ? (
        <EmptyPanel
          title="No stocks in your watchlist yet"
          text="Add stocks to follow their moves and get alerts when they cross your threshold."
          action={<Button onClick={() => setAdding(true)}>Add Your First Stock</Button>}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {data.map((item) => (
            <WatchlistCard
              key={item.id}
              item={item}
              onEdit={() => setEditing(item)}
              onRemove={() => remove.mutate(item.id)}
              removing={remove.isPending && remove.variables === item.id}
            />
          ))}
        </SimpleGrid>
      )}
      <AlertSettings />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add Stock" centered>
        <WatchlistItemForm
          mode="add"
          pending={add.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(v) => add.mutate(v, { onSuccess: () => setAdding(false) })}
        />
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`Edit ${editing?.symbol ?? ""}`}
        centered
      >
        {editing ? (
          <WatchlistItemForm
            mode="edit"
            initial={{
              purchasePrice: editing.purchasePrice ?? "",
              targetChangePercent: editing.targetChangePercent,
            }}
            pending={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(v) =>
              update.mutate(
                {
                  id: editing.id,
                  purchasePrice: v.purchasePrice,
                  targetChangePercent: v.targetChangePercent,
                },
                { onSuccess: () => setEditing(null) },
              )
            }
          />
        ) : null}
      </Modal>
    </section>
  );
}
