import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { DEFAULT_ALERT_THRESHOLD } from "../../../api/features/watchlist/watchlist.constants.ts";
import { useAddToWatchlist } from "./watchlist.queries.ts";

/**
 * One click adds the symbol with the default alert threshold; other features' cards get it from the signed-in frame
 * (web/components/symbol-actions.tsx). It reads "+ Watchlist" so it fits beside a card's other action on a phone; its
 * name says the whole action.
 */
export function AddToWatchlistButton(props: { symbol: string }) {
  const add = useAddToWatchlist();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconPlus size={14} aria-hidden />}
      loading={add.isPending}
      onClick={() => add.mutate({ symbol: props.symbol, targetChangePercent: DEFAULT_ALERT_THRESHOLD })}
      aria-label={`Add ${props.symbol} to watchlist`}
    >
      Watchlist
    </Button>
  );
}
