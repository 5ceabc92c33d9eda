import { Box } from "@mantine/core";
import { type ReactNode, useDeferredValue } from "react";
import { AppHeader } from "../../components/app-header.tsx";
import { BootRow } from "../../components/boot-row.tsx";
import { SymbolActionProvider } from "../../components/symbol-actions.tsx";
import { AddToWatchlistButton } from "../../features/watchlist/add-to-watchlist-button.tsx";
import { AlertBell } from "../../features/watchlist/alert-bell.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";

/** Every card of a signed-in page offers to add its stock to the watchlist. */
const addToWatchlist = (symbol: string) => <AddToWatchlistButton symbol={symbol} />;

/**
 * The signed-in pages' frame: the app header (with the alerts bell) above the page, on the page background.
 *
 * Its first render draws index.html's boot row again, and the header and page follow as a deferred render, which
 * React splits into slices that yield to the browser. Drawn at once, they rendered inside the router's update, which
 * React never splits: one task of 200-550 ms at 4x CPU before the first card (decision 152).
 */
export function SignedInFrame(props: { user: CurrentUser; children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  if (!drawn) return <BootRow />;
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)">
      <AppHeader user={props.user} alerts={<AlertBell />} />
      <SymbolActionProvider action={addToWatchlist}>{props.children}</SymbolActionProvider>
    </Box>
  );
}
