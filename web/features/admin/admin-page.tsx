import { ActionIcon, Box, Button, Container, Group, Stack, Title } from "@mantine/core";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { LogoutButton } from "../../components/logout-button.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";
import { useSignOut } from "../../lib/session.ts";
import { RecommendationsManagement } from "./recommendations-management.tsx";
import { UserManagement } from "./user-management.tsx";

/** The admin panel, with its own header actions: back to the dashboard, and Logout. */
export function AdminPage(props: { user: CurrentUser }) {
  const signOut = useSignOut();
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <PageHeader size="xl">
        {/* On a phone, icons with their names as labels: the words do not fit beside the logo. */}
        <Group gap="xs" hiddenFrom="sm" wrap="nowrap">
          <ActionIcon
            component={Link}
            to="/dashboard"
            variant="default"
            size="lg"
            aria-label="Back to Dashboard"
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
            to="/dashboard"
            variant="default"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to Dashboard
          </Button>
          <LogoutButton />
        </Group>
      </PageHeader>
      <Container size="xl" py="lg" component="main">
        <Title order={1} mb="lg">
          Admin Panel
        </Title>
        <Stack gap="lg">
          <RecommendationsManagement />
          <UserManagement me={props.user} />
        </Stack>
      </Container>
    </Box>
  );
}
