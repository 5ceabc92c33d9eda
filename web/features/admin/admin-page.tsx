import { Box, Button, Container, Group, Stack, Title } from "@mantine/core";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { useLogout } from "../auth/auth.mutations.ts";
import type { CurrentUser } from "../auth/auth.queries.ts";
import { RecommendationsManagement } from "./recommendations-management.tsx";
import { UserManagement } from "./user-management.tsx";

export function AdminPage(props: { user: CurrentUser }) {
  const logout = useLogout();
  return (
    <Box mih="100vh" bg="gray.0">
      <PageHeader size="xl">
        <Group gap="xs">
          <Button
            component={Link}
            to="/dashboard"
            variant="default"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to Dashboard
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => logout.mutate()}
          >
            Logout
          </Button>
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
