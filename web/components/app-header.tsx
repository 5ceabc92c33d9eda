import { Burger, Button, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBook, IconBulb, IconChartHistogram, IconKey, IconShieldLock } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { MenuLink } from "./app-menu.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { PageHeader } from "./page-header.tsx";

// The drawer (Mantine's modal, focus trap, scroll lock) loads when the menu is first opened.
const AppMenu = lazy(() => import("./app-menu.tsx").then((m) => ({ default: m.AppMenu })));

const NAV_LINKS: readonly MenuLink[] = [
  { to: "/track-record", label: "Track Record", icon: IconChartHistogram },
  { to: "/insights", label: "Insights", icon: IconBulb },
  { to: "/api-key", label: "API Key", icon: IconKey },
  { to: "/api-docs", label: "API Docs", icon: IconBook },
];
const ADMIN_LINK: MenuLink = { to: "/admin", label: "Admin", icon: IconShieldLock };

/** Who the header names and whether it offers the admin panel. */
export interface HeaderUser {
  email: string;
  firstName: string | null;
  isAdmin: boolean;
}

/**
 * The signed-in pages' top bar: Track Record, Insights, API Key, API Docs, Admin (admins only), the user's name
 * (a link to their Account page, decision 107), Logout. On a phone they move into a drawer behind a menu button, so the bar stays one row.
 * `alerts` (the watchlist's bell, composed by the route) stays in the bar at every width.
 */
export function AppHeader(props: { user: HeaderUser; alerts?: ReactNode }) {
  const [menuOpen, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { user } = props;
  const links = user.isAdmin ? [...NAV_LINKS, ADMIN_LINK] : NAV_LINKS;
  const name = user.firstName || user.email;
  const logout = <LogoutButton />;
  const phoneMenu = (
    <>
      <Burger
        opened={menuOpen}
        onClick={() => {
          setMenuLoaded(true);
          menu.toggle();
        }}
        size="sm"
        aria-label="Open menu"
      />
      {menuLoaded ? (
        <Suspense fallback={null}>
          <AppMenu opened={menuOpen} onClose={menu.close} name={name} links={links} logout={logout} />
        </Suspense>
      ) : null}
    </>
  );
  return (
    <PageHeader size="xl" menu={phoneMenu} pinned={props.alerts}>
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
        <Button
          component={Link}
          to="/account"
          variant="subtle"
          color="gray"
          size="compact-sm"
          fw={600}
          data-testid="user-name"
          aria-label={`Account: ${name}`}
        >
          {name}
        </Button>
        {logout}
      </Group>
    </PageHeader>
  );
}
