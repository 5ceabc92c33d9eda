import { Button, Group, Stack, Title } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { CurrentUser } from "../../lib/current-user.queries.ts";
import { AdminShell } from "./admin-shell.tsx";
import { RecommendationsManagement } from "./recommendations-management.tsx";
import { UserManagement } from "./user-management.tsx";

/** The admin panel: recommendations, users, and a link to the mail outbox (decision 084). */
export function AdminPage(props: { user: CurrentUser }) {
  return (
    <AdminShell back={{ to: "/dashboard", label: "Back to Dashboard" }}>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1}>Admin Panel</Title>
        <Button
          component={Link}
          to="/admin/outbox"
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
        >
          Mail outbox
        </Button>
      </Group>
      <Stack gap="lg">
        <RecommendationsManagement />
        <UserManagement me={props.user} />
      </Stack>
    </AdminShell>
  );
}
