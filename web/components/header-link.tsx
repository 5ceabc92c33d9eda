import { ActionIcon, Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ComponentType } from "react";

/**
 * A page header's link (Back to Dashboard, API Key, Sign In): words and an icon from a tablet up, the icon alone,
 * named by the same words, on a phone, where the words beside the logo pushed the page wider than the screen.
 */
export function HeaderLink(props: {
  to: "/dashboard" | "/api-key" | "/signin";
  label: string;
  icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
  variant?: "default" | "subtle";
}) {
  const variant = props.variant ?? "default";
  return (
    <>
      <ActionIcon
        component={Link}
        to={props.to}
        variant={variant}
        size="lg"
        aria-label={props.label}
        hiddenFrom="sm"
      >
        <props.icon size={18} aria-hidden />
      </ActionIcon>
      <Button
        component={Link}
        to={props.to}
        variant={variant}
        size="compact-sm"
        leftSection={<props.icon size={16} aria-hidden />}
        visibleFrom="sm"
      >
        {props.label}
      </Button>
    </>
  );
}
