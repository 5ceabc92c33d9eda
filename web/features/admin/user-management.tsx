import {
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmButtons, ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { POSITIVE } from "../../lib/colors.ts";
import { formatInstant } from "../../lib/format.ts";
import {
  type AdminUser,
  USERS_PAGE_SIZE,
  useDeleteUser,
  useEndSession,
  useResetUserPassword,
  userSessionsQueryOptions,
  usersQueryOptions,
  useSetUserActive,
  useSetUserRole,
} from "./users.queries.ts";

/** "Chrome on macOS" from the API's parsed browser ("Chrome 131") and system; the raw user agent otherwise. */
export function deviceLabel(s: { browser: string | null; system: string | null; userAgent: string | null }) {
  const browser = s.browser?.replace(/ \d+$/, "") ?? null;
  if (browser && s.system) return `${browser} on ${s.system}`;
  return browser ?? s.system ?? (s.userAgent ? "Unknown browser" : "—");
}

function displayName(u: AdminUser) {
  return [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;
}

/** Tables from the `sm` breakpoint up; below it, stacked cards (no sideways scrolling on a phone). */
function useWide() {
  return useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
}

function SessionField(props: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm">{props.value}</Text>
    </div>
  );
}

function SessionsDialog(props: { user: AdminUser | null; onClose: () => void }) {
  const wide = useWide();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...userSessionsQueryOptions(props.user?.id ?? 0),
    enabled: props.user !== null,
  });
  const end = useEndSession();
  const endButton = (s: { id: number; endTime: string | null; startTime: string }) =>
    s.endTime === null ? (
      <Button
        size="compact-xs"
        variant="default"
        loading={end.isPending && end.variables === s.id}
        onClick={() => end.mutate(s.id)}
        aria-label={`End session started ${formatInstant(s.startTime)}`}
      >
        End session
      </Button>
    ) : null;
  return (
    <Modal
      opened={props.user !== null}
      onClose={props.onClose}
      title="User Sessions"
      size="xl"
      centered
      fullScreen={!wide}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {props.user?.email}
      </Text>
      {isPending ? (
        <Text size="sm">Loading sessions...</Text>
      ) : isError ? (
        <LoadError compact what="the sessions" error={error} onRetry={refetch} retrying={isFetching} />
      ) : !data?.length ? (
        <Text size="sm">No sessions yet.</Text>
      ) : !wide ? (
        // On a phone each session is a small card, so no column (the IP address) falls off screen.
        <Stack gap="xs">
          {data.map((s) => (
            <Paper key={s.id} withBorder p="xs" radius="sm" data-testid="session-row">
              <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
                <SessionField label="Started" value={formatInstant(s.startTime)} />
                <SessionField label="Ended" value={formatInstant(s.endTime)} />
                <SessionField label="Duration" value={s.duration === null ? "Active" : `${s.duration} min`} />
                <SessionField label="IP address" value={s.ipAddress ?? "—"} />
              </SimpleGrid>
              <Group justify="space-between" mt={4} wrap="nowrap">
                <Text size="sm" title={s.userAgent ?? undefined}>
                  {deviceLabel(s)}
                </Text>
                {endButton(s)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollArea>
          <Table striped miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>Ended</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>IP address</Table.Th>
                <Table.Th>Browser and system</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((s) => (
                <Table.Tr key={s.id} data-testid="session-row">
                  <Table.Td>{formatInstant(s.startTime)}</Table.Td>
                  <Table.Td>{formatInstant(s.endTime)}</Table.Td>
                  <Table.Td>{s.duration === null ? "Active" : `${s.duration} min`}</Table.Td>
                  <Table.Td>{s.ipAddress ?? "—"}</Table.Td>
                  <Table.Td>
                    <Text size="sm" title={s.userAgent ?? undefined}>
                      {deviceLabel(s)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{endButton(s)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}

/** Deactivation asks first: who, and what it ends. */
export function DeactivateDialog(props: { user: AdminUser | null; onClose: () => void }) {
  const setActive = useSetUserActive();
  const u = props.user;
  return (
    <ConfirmDialog
      opened={u !== null}
      onClose={props.onClose}
      title="Deactivate this user?"
      action={{
        label: "Deactivate",
        color: "orange.9",
        pending: setActive.isPending,
        onConfirm: () => u && setActive.mutate({ id: u.id, active: false }, { onSuccess: props.onClose }),
      }}
    >
      {u ? (
        <Text size="sm">
          <b>{displayName(u)}</b> ({u.email}) will be signed out of every session, their API key will be
          replaced, and they cannot sign in until an admin activates them again.
        </Text>
      ) : null}
    </ConfirmDialog>
  );
}

/** Asks first, then shows the server's temporary password once; closing forgets it. */
export function ResetPasswordDialog(props: { user: AdminUser | null; onClose: () => void }) {
  const reset = useResetUserPassword();
  const u = props.user;
  const close = () => {
    reset.reset();
    props.onClose();
  };
  return (
    <Modal opened={u !== null} onClose={close} title="Reset password" centered>
      {u && reset.data ? (
        <Stack gap="sm">
          <Text size="sm">
            New temporary password for <b>{u.email}</b>. It is shown only this once: give it to them by a
            channel you trust. Their sessions ended and their API key was replaced.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="md" data-testid="temporary-password" style={{ overflowWrap: "anywhere" }}>
              {reset.data.temporaryPassword}
            </Code>
            <CopyButton value={reset.data.temporaryPassword}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? "Copied" : "Copy"}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : u ? (
        <Stack gap="sm">
          <Text size="sm">
            Give <b>{displayName(u)}</b> ({u.email}) a new temporary password? Their current password stops
            working, every session of theirs ends and their API key is replaced.
          </Text>
          <ConfirmButtons
            action={{
              label: "Reset password",
              color: "red.8",
              pending: reset.isPending,
              onConfirm: () => reset.mutate(u.id),
            }}
            onCancel={close}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}

function UserName(props: { user: AdminUser }) {
  const u = props.user;
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {[u.firstName, u.lastName].filter(Boolean).join(" ") || "—"}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {u.email}
      </Text>
    </div>
  );
}

function StatusBadge(props: { active: boolean }) {
  return (
    <Badge color={props.active ? POSITIVE : "gray.7"} variant="filled" style={{ flexShrink: 0 }}>
      {props.active ? "Active" : "Inactive"}
    </Badge>
  );
}

/** `me` is the signed-in admin: their own row has no actions. */
export function UserManagement(props: { me: { id: number } }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(usersQueryOptions(q, page));
  const [sessionsOf, setSessionsOf] = useState<AdminUser | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const setActive = useSetUserActive();
  const setRole = useSetUserRole();
  const remove = useDeleteUser();
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / USERS_PAGE_SIZE));
  const wide = useWide();
  const actions = (u: AdminUser) => (
    <>
      <Button size="compact-xs" variant="default" onClick={() => setSessionsOf(u)}>
        Sessions
      </Button>
      {u.id !== props.me.id ? (
        <>
          <Button
            size="compact-xs"
            variant="filled"
            color={u.isActive ? "orange.9" : POSITIVE}
            onClick={() => (u.isActive ? setDeactivating(u) : setActive.mutate({ id: u.id, active: true }))}
            aria-label={`${u.isActive ? "Deactivate" : "Activate"} ${u.email}`}
          >
            {u.isActive ? "Deactivate" : "Activate"}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setRole.mutate({ id: u.id, isAdmin: !u.isAdmin })}
            aria-label={`${u.isAdmin ? "Demote" : "Promote"} ${u.email}`}
          >
            {u.isAdmin ? "Demote" : "Promote"}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setResetting(u)}
            aria-label={`Reset password of ${u.email}`}
          >
            Reset password
          </Button>
          <Button
            size="compact-xs"
            variant="filled"
            color="red.8"
            aria-label={`Delete ${u.email}`}
            onClick={() => {
              if (window.confirm(`Delete ${u.email} and all their data? This cannot be undone.`))
                remove.mutate(u.id);
            }}
          >
            Delete
          </Button>
        </>
      ) : null}
    </>
  );

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="users-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="users-title">
          User Management
        </Title>
        <TextInput
          aria-label="Search users by email or name"
          placeholder="Search by email or name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {isError ? (
        <LoadError what="the users" error={error} onRetry={refetch} retrying={isFetching} />
      ) : isPending ? (
        <Text size="sm" py="md" ta="center" aria-busy="true">
          Loading users...
        </Text>
      ) : data.users.length === 0 ? (
        <Text size="sm" py="md" ta="center" data-testid="users-empty">
          {q ? `No user matches "${q}".` : "No users yet."}
        </Text>
      ) : !wide ? (
        <Stack gap="xs" aria-busy={isPending}>
          {data?.users.map((u) => (
            <Paper key={u.id} withBorder p="sm" radius="sm" data-testid="user-row">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <UserName user={u} />
                <StatusBadge active={Boolean(u.isActive)} />
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {u.isAdmin ? "Admin" : "Investor"} · {u.sessionCount} session{u.sessionCount === 1 ? "" : "s"}
              </Text>
              <Group gap={6} mt="xs">
                {actions(u)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing="xs" aria-busy={isPending}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sessions</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.users.map((u) => (
              <Table.Tr key={u.id} data-testid="user-row">
                <Table.Td>
                  <UserName user={u} />
                </Table.Td>
                <Table.Td>
                  {u.isAdmin ? <Badge variant="light">Admin</Badge> : <Text size="sm">Investor</Text>}
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={Boolean(u.isActive)} />
                </Table.Td>
                <Table.Td>{u.sessionCount}</Table.Td>
                <Table.Td>
                  <Group gap={6}>{actions(u)}</Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {data ? `${data.total} users` : null}
        </Text>
        {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
      </Group>
      <SessionsDialog user={sessionsOf} onClose={() => setSessionsOf(null)} />
      <DeactivateDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
