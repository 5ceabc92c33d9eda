import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { formatInstant } from "../../lib/format.ts";
import { AdminShell } from "./admin-shell.tsx";
import { outboxQueryOptions } from "./outbox.queries.ts";

/**
 * The mail this server kept instead of sending it (the local demo without a mail server: decision 084), newest
 * first, so an admin can read a reset code or an alert email; elsewhere it says that mail is not kept here.
 */
export function MailOutboxPage() {
  const outbox = useQuery(outboxQueryOptions());
  return (
    <AdminShell back={{ to: "/admin", label: "Back to Admin Panel" }}>
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={1}>Mail Outbox</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
        >
          Refresh
        </Button>
      </Group>
      <Text c="dimmed" mb="lg" maw={720}>
        Where this server runs the local demo without a mail server, the password reset codes and alert emails
        it would have sent are kept here (the newest 100) and written to its log. Pass a reset code on to the
        person who asked for it.
      </Text>
      {outbox.isPending ? (
        <Text role="status">Loading the outbox...</Text>
      ) : outbox.isError ? (
        <Alert color="red" variant="light" title="The outbox could not be loaded" c="dark.9" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Check that the server is running, then try again.</Text>
            <Button size="xs" variant="default" onClick={() => void outbox.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : !outbox.data.enabled ? (
        <EmptyPanel
          title="No outbox on this server"
          text="Mail goes through the mail server (SMTP_URL), or, without one, alert emails go to the log and no reset codes are issued: an operator sets a password with bun scripts/admin.ts reset-password <email>."
        />
      ) : outbox.data.messages.length === 0 ? (
        <EmptyPanel title="No mail yet" text="Reset codes and alert emails will appear here." />
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label="Kept messages">
          {outbox.data.messages.map((m) => (
            <Paper key={m.id} component="li" withBorder p="md" radius="md" data-testid="outbox-message">
              <Title order={2} size="h4">
                {m.subject}
              </Title>
              <Text size="sm" c="dimmed" mb="xs">
                To {m.to} · {formatInstant(m.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {m.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </AdminShell>
  );
}
