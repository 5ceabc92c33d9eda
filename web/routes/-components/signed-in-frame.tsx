import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { AppHeader } from "../../components/app-header.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";

/** The signed-in pages' frame: the app header above the page, on the grey background. */
export function SignedInFrame(props: { user: CurrentUser; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <AppHeader user={props.user} />
      {props.children}
    </Box>
  );
}
