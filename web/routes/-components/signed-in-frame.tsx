import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { AppHeader } from "../../components/app-header.tsx";
import { AlertBell } from "../../features/watchlist/alert-bell.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";

/** The signed-in pages' frame: the app header (with the alerts bell) above the page, on the page background. */
export function SignedInFrame(props: { user: CurrentUser; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)">
      <AppHeader user={props.user} alerts={<AlertBell />} />
      {props.children}
    </Box>
  );
}
