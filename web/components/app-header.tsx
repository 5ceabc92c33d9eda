import { Burger, Button, Divider, Drawer, Group, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconBook,
  IconBulb,
  IconChartHistogram,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconShieldLock,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useSignOut } from "../lib/session.ts";
import { MarketBadge } from "./market-badge.tsx";
import { PageHeader } from "./page-header.tsx";

const NAV_LINKS = [
  { to: "/track-record", label: "Track Record", icon: IconChartHistogram },
  { to: "/insights", label: "Insights", icon: IconBulb },
  { to: "/api-key", label: "API Key", icon: IconKey },
  { to: "/api-docs", label: "API Docs", icon: IconBook },
] as const;
const ADMIN_LINK = { to: "/admin", label: "Admin", icon: IconShieldLock } as const;

/** Who the header names and whether it offers the admin panel. */
export interface HeaderUser {
  email: string;
  firstName: string | null;
  isAdmin: boolean;
}

/**
 * The signed-in pages' top bar: Track Record, Insights, API Key, API Docs, Admin (admins only), the user's name,
 * Logout. On a phone they move into a drawer behind a menu button, so the bar stays one row.
 */
export function AppHeader(props: { user: HeaderUser }) {
  const signOut = useSignOut();
  const [menuOpen, menu] = useDisclosure(false);
  const { user } = props;
  const links = user.isAdmin ? [...NAV_LINKS, ADMIN_LINK] : NAV_LINKS;
  const name = user.firstName || user.email;
  const logout = (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={() => signOut.mutate()}
      loading={signOut.isPending}
    >
      Logout
    </Button>
  );
  const phoneMenu = (
    <>
      <Burger opened={menuOpen} onClick={menu.toggle} size="sm" aria-label="Open menu" />
      <Drawer
        opened={menuOpen}
        onClose={menu.close}
        position="right"
        size={300}
        title={<Text fw={700}>{name}</Text>}
        closeButtonProps={{ "aria-label": "Close menu" }}
      >
        <Stack gap="xs" component="nav" aria-label="Menu">
          <MarketBadge />
          <NavLink
            component={Link}
            to="/dashboard"
            label="Dashboard"
            leftSection={<IconLayoutDashboard size={18} aria-hidden />}
            onClick={menu.close}
          />
          {links.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={<link.icon size={18} aria-hidden />}
              onClick={menu.close}
            />
          ))}
          <Divider my="xs" />
          {logout}
        </Stack>
      </Drawer>
    </>
  );
  return (
    <PageHeader size="xl" menu={phoneMenu}>
      <Group gap="xs" wrap="nowrap" component="nav" aria-label="Account">
        {links.map((link) => (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant={link.to === "/admin" ? "light" : "subtle"}
            size="compact-sm"
            leftSection={<link.icon size={16} aria-hidden />}
          >
            {link.label}
          </Button>
        ))}
        <Text size="sm" fw={600} px="xs" data-testid="user-name">
          {name}
        </Text>
        {logout}
      </Group>
    </PageHeader>
  );
}
