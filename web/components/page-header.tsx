import { Box, Container, Group, type MantineSize } from "@mantine/core";
import type { ReactNode } from "react";
import { AppLogo } from "./app-logo.tsx";
import { MarketBadge } from "./market-badge.tsx";

/** The white top bar of every signed-in or tool page: the logo on the left, the page's actions on the right. */
export function PageHeader(props: { size: MantineSize; children: ReactNode }) {
  return (
    <Box
      component="header"
      py="sm"
      bg="white"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Container size={props.size}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap">
            <AppLogo />
            <MarketBadge />
          </Group>
          {props.children}
        </Group>
      </Container>
    </Box>
  );
}
