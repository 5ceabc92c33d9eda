import { Button, Group, Text } from "@mantine/core";
import { IconBook, IconChartHistogram, IconKey, IconLogout, IconShieldLock } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useSignOut } from "../lib/session.ts";
import { PageHeader } from "./page-header.tsx";

const NAV_LINKS = [
  { to: "/track-record", label: "Track Record", icon: IconChartHistogram },
  { to: "/api-key", label: "API Key", icon: IconKey },
  { to: "/api-docs", label: "API Docs", icon: IconBook },
] as const;

/** Who the header names and whether it offers the admin panel. */
export interface HeaderUser {
  email: string;
  firstName: string | null;
  isAdmin: boolean;
}

/** The signed-in pages' top bar: Track Record, API Key, API Docs, Admin (admins only), the user's name, Logout. */
export function AppHeader(props: { user: HeaderUser }) {
  const signOut = useSignOut();
  const { user } = props;
  const links = user.isAdmin
    ? [...NAV_LINKS, { to: "/admin", label: "Admin", icon: IconShieldLock } as const]
    : NAV_LINKS;
  return (
    <PageHeader size="xl">
      <Group gap="xs" wrap="wrap" component="nav" aria-label="Account">
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
          {user.firstName || user.email}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
        >
          Logout
        </Button>
      </Group>
    </PageHeader>
  );
}
