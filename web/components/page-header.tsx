import { Box, Container, Group, type MantineSize } from "@mantine/core";
import type { ReactNode } from "react";
import { AppLogo } from "./app-logo.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { MarketBadge } from "./market-badge.tsx";

/**
 * The top bar of every signed-in or tool page, one row at any width: the logo (and, from a tablet up, the demo
 * market's date) on the left; the page's actions and the light/dark toggle on the right. `menu` is what a phone
 * shows instead of `children` (a burger opening a drawer); without it `children` show at every width. `pinned` shows
 * at every width, beside the toggle (the alerts bell).
 */
export function PageHeader(props: {
  size: MantineSize;
  children: ReactNode;
  menu?: ReactNode;
  pinned?: ReactNode;
}) {
  return (
    <Box
      component="header"
      py="xs"
      bg="var(--sb-surface)"
      style={{ borderBottom: "1px solid var(--sb-border)" }}
    >
      <Container size={props.size}>
        <Group justify="space-between" wrap="nowrap" gap="sm" mih={40}>
          <Group gap="xs" wrap="nowrap">
            <AppLogo />
            <Box visibleFrom="sm">
              <MarketBadge />
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {props.menu ? <Box visibleFrom="md">{props.children}</Box> : props.children}
            {props.pinned}
            <ColorSchemeToggle />
            {props.menu ? <Box hiddenFrom="md">{props.menu}</Box> : null}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
