import { ActionIcon, Box, Button, Container, Group } from "@mantine/core";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LogoutButton } from "../../components/logout-button.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useSignOut } from "../../lib/session.ts";

/** The admin pages' frame, with their own header actions: back (to the dashboard, or to the panel), and Logout. */
export function AdminShell(props: {
  back: { to: "/dashboard" | "/admin"; label: string };
  children: ReactNode;
}) {
  const signOut = useSignOut();
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <PageHeader size="xl">
        {/* On a phone, icons with their names as labels: the words do not fit beside the logo. */}
        <Group gap="xs" hiddenFrom="sm" wrap="nowrap">
          <ActionIcon
            component={Link}
            to={props.back.to}
            variant="default"
            size="lg"
            aria-label={props.back.label}
          >
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Logout"
            onClick={() => signOut.mutate()}
            loading={signOut.isPending}
          >
            <IconLogout size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Group gap="xs" visibleFrom="sm">
          <Button
            component={Link}
            to={props.back.to}
            variant="default"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {props.back.label}
          </Button>
          <LogoutButton />
        </Group>
      </PageHeader>
      <Container size="xl" py="lg" component="main">
        {props.children}
      </Container>
    </Box>
  );
}
