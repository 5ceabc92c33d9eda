import { Divider, Drawer, NavLink, Stack, Text } from "@mantine/core";
import { IconLayoutDashboard, IconUserCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { MarketBadge } from "./market-badge.tsx";

/** A link of the signed-in menu. */
export interface MenuLink {
  to: "/track-record" | "/insights" | "/api-key" | "/api-docs" | "/admin";
  label: string;
  icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
}

/**
 * The phone's menu: a drawer from the right with the pages, the demo market's date and Logout. Its own chunk, loaded
 * when the menu button is first pressed: the drawer brings Mantine's modal, focus trap and scroll lock.
 */
export function AppMenu(props: {
  opened: boolean;
  onClose: () => void;
  name: string;
  links: readonly MenuLink[];
  logout: ReactNode;
}) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size={300}
      title={<Text fw={700}>{props.name}</Text>}
      closeButtonProps={{ "aria-label": "Close menu" }}
    >
      <Stack gap="xs" component="nav" aria-label="Menu">
        <MarketBadge />
        <NavLink
          component={Link}
          to="/dashboard"
          label="Dashboard"
          leftSection={<IconLayoutDashboard size={18} aria-hidden />}
          onClick={props.onClose}
        />
        <NavLink
          component={Link}
          to="/account"
          label="Account"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          onClick={props.onClose}
        />
        {props.links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={<link.icon size={18} aria-hidden />}
            onClick={props.onClose}
          />
        ))}
        <Divider my="xs" />
        {props.logout}
      </Stack>
    </Drawer>
  );
}
