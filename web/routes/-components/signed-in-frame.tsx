import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { AppHeader } from "../../components/app-header.tsx";
import { SymbolActionProvider } from "../../components/symbol-actions.tsx";
import { AddToWatchlistButton } from "../../features/watchlist/add-to-watchlist-button.tsx";
import { AlertBell } from "../../features/watchlist/alert-bell.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";

/** Every card of a signed-in page offers to add its stock to the watchlist. */
const addToWatchlist = (symbol: string) => <AddToWatchlistButton symbol={symbol} />;

/** The signed-in pages' frame: the app header (with the alerts bell) above the page, on the page background. */
export function SignedInFrame(props: { user: CurrentUser; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)">
      <AppHeader user={props.user} alerts={<AlertBell />} />
      <SymbolActionProvider action={addToWatchlist}>{props.children}</SymbolActionProvider>
    </Box>
  );
}
