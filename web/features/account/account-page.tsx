import { Badge, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconDeviceDesktop, IconLogout, IconMail } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/load-error.tsx";
import { OutboxNote } from "../../components/outbox-note.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { POSITIVE } from "../../lib/colors.ts";
import { formatAsOf } from "../../lib/format.ts";
import {
  type AccountSession,
  emailStatusQueryOptions,
  sessionsQueryOptions,
  useRequestEmailVerification,
  useSignOutOtherSessions,
} from "./account.queries.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={props.title}>
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      {props.children}
    </Card>
  );
}

function EmailStatus() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(emailStatusQueryOptions());
  const send = useRequestEmailVerification();
  if (isError)
    return <LoadError what="your email status" error={error} onRetry={refetch} retrying={isFetching} />;
  if (isPending) return <Skeletons count={1} height={48} testId="email-status-skeleton" />;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {data.emailAddress}
          </Text>
        </Group>
        <Badge color={data.emailVerified ? POSITIVE : "gray.7"} variant="filled">
          {data.emailVerified ? "Verified" : "Not verified"}
        </Badge>
      </Group>
      {data.emailVerified ? null : (
        <>
          <Text size="sm" c="dimmed">
            Alert emails go only to a verified address. Enter the code we mail you in the alert settings of
            your watchlist.
          </Text>
          <Button
            variant="light"
            onClick={() => send.mutate()}
            loading={false}
            disabled={send.isPending}
            style={{ alignSelf: "flex-start" }}
          >
            {send.isSuccess ? "Send a new code" : "Send verification code"}
          </Button>
          {send.data?.delivery === "outbox" ? <OutboxNote /> : null}
        </>
      )}
    </Stack>
  );
}

/** "Chrome 131 on macOS", or what the User-Agent let the server tell. */
function deviceName(s: AccountSession): string {
  if (s.browser && s.system) return `${s.browser} on ${s.system}`;
  return s.browser ?? s.system ?? "Unknown browser";
}

function SessionRow(props: { session: AccountSession }) {
  const s = props.session;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="account-session">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconDeviceDesktop size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {deviceName(s)}
          </Text>
          <Text size="xs" c="dimmed">
            {s.ipAddress ?? "Unknown address"} · last seen {formatAsOf(s.lastSeenAt)}
          </Text>
        </Stack>
      </Group>
      {s.current ? (
        <Badge variant="light" style={{ flexShrink: 0 }}>
          This session
        </Badge>
      ) : null}
    </Group>
  );
}

function Sessions() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(sessionsQueryOptions());
  const signOutOthers = useSignOutOtherSessions();
  if (isError)
    return <LoadError what="your sessions" error={error} onRetry={refetch} retrying={isFetching} />;
  if (isPending) return <Skeletons count={2} height={40} testId="sessions-skeleton" />;
  const others = data.filter((s) => !s.current).length;
  return (
    <Stack gap="md">
      <Stack gap="sm">
        {data.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {others === 0
            ? "You are signed in nowhere else."
            : `Signed in on ${others} other ${others === 1 ? "device or browser" : "devices or browsers"}.`}
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => signOutOthers.mutate()}
          disabled={others === 0 || signOutOthers.isPending}
        >
          Sign out other sessions
        </Button>
      </Group>
    </Stack>
  );
}

/** The signed-in person's own account: email status, password, sessions (decision 107). */
export function AccountPage() {
  return (
    <Container size="sm" py="lg" component="main">
      <Title order={1} mb="md">
        Account
      </Title>
      <Stack gap="lg">
        <Section title="Email address">
          <EmailStatus />
        </Section>
        <Section title="Change password">
          <ChangePasswordForm />
        </Section>
        <Section title="Sessions">
          <Sessions />
        </Section>
      </Stack>
    </Container>
  );
}
