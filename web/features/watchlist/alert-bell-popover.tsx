import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  CloseButton,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { formatAsOf, formatMoney } from "../../lib/format.ts";
import { alertHeadline, bellLabel } from "./alert-words.ts";
import {
  alertInboxQueryOptions,
  type FiredAlert,
  useDismissAlert,
  useMarkAlertsSeen,
} from "./watchlist.queries.ts";

function AlertRow(props: { alert: FiredAlert; isNew: boolean; onDismiss: () => void; dismissing: boolean }) {
  const a = props.alert;
  return (
    <Box
      component="li"
      py="xs"
      style={{ borderTop: "1px solid var(--sb-border)", listStyle: "none" }}
      data-testid="fired-alert"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={700} size="sm">
              {alertHeadline(a)}
            </Text>
            {props.isNew ? (
              <Badge size="xs" variant="light" color="gray" c="var(--mantine-color-text)">
                New
              </Badge>
            ) : null}
          </Group>
          <Text size="xs">
            At {formatMoney(a.price)}, past your ±{a.threshold}% threshold
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={a.firedAt}>{formatAsOf(a.firedAt)}</time>
          </Text>
        </Stack>
        <CloseButton
          size="sm"
          aria-label={`Dismiss ${a.symbol} alert`}
          onClick={props.onDismiss}
          disabled={props.dismissing}
        />
      </Group>
    </Box>
  );
}

/**
 * The bell with its list: what fired, when, at what price and against which threshold, each dismissable. Opening
 * it reads the list afresh and marks what it shows as seen (docs/decisions/135-alerts-in-the-header.md). It takes
 * the place of the first paint's bell at that bell's first click (alert-bell.tsx), so it opens as it mounts, with the
 * focus on its own bell (where Mantine's popover returns it on closing).
 */
export function AlertBellPopover() {
  const query = useQuery(alertInboxQueryOptions());
  const markSeen = useMarkAlertsSeen();
  const dismiss = useDismissAlert();
  const [opened, setOpened] = useState(false);
  // Which alerts were unseen when the list opened: they stay marked new until it closes, though now seen. An alert
  // the list shows still unseen (the answer before open's own read) is new as well.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const unseen = query.data?.unseen ?? 0;
  const bell = useRef<HTMLButtonElement>(null);

  async function open() {
    setOpened(true);
    const { data } = await query.refetch();
    if (!data?.unseen) return;
    setFresh(new Set(data.alerts.filter((a) => !a.seen).map((a) => a.id)));
    markSeen.mutate(Math.max(...data.alerts.map((a) => a.id)));
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the click on the bell this one replaced
  useEffect(() => {
    bell.current?.focus();
    void open();
  }, []);

  const alerts = query.data?.alerts ?? [];
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? void open() : setOpened(false))}
      onClose={() => setFresh(new Set())}
      position="bottom-end"
      width="min(360px, calc(100vw - 16px))"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          ref={bell}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={bellLabel(unseen)}
          // A controlled popover leaves its target's clicks to the owner.
          onClick={() => (opened ? setOpened(false) : void open())}
          data-testid="alert-bell"
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="sm" aria-label="Alerts">
        <Group justify="space-between" mb={4}>
          <Text fw={700}>Alerts</Text>
          <Anchor component={Link} to="/dashboard/watchlist" size="sm" onClick={() => setOpened(false)}>
            Watchlist
          </Anchor>
        </Group>
        {query.isError ? (
          <Text size="sm" c="dimmed">
            Your alerts could not be loaded. Close this and try again.
          </Text>
        ) : !alerts.length ? (
          <Text size="sm" c="dimmed" data-testid="no-alerts">
            No alerts. When a watchlist stock moves past its threshold, it shows here.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Box component="ul" m={0} p={0} aria-label="Fired alerts">
              {alerts.map((a) => (
                <AlertRow
                  key={a.id}
                  alert={a}
                  isNew={!a.seen || fresh.has(a.id)}
                  onDismiss={() => dismiss.mutate(a.id)}
                  dismissing={dismiss.isPending && dismiss.variables === a.id}
                />
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
