import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconCheck,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconLogin,
  IconRefresh,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FullPageSpinner } from "../../components/full-page-spinner.tsx";
import { HeaderLink } from "../../components/header-link.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { currentUserKey, currentUserQueryOptions } from "../../lib/current-user.queries.ts";
import { maskKey } from "../../lib/mask-key.ts";
import { toastFailure } from "../../lib/mutation-feedback.ts";
import { notify } from "../../lib/notify.ts";

export const REGENERATE_CONFIRMATION =
  "Are you sure you want to regenerate your API key? The old key will stop working immediately.";
export const COPY_CONFIRMATION_MS = 2000;

function Usage(props: { apiKey: string }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        How to use it
      </Title>
      <Text size="sm">
        Send the key as a bearer token with every request. It reads the same endpoints as the app; see the{" "}
        <Anchor component={Link} to="/api-docs" underline="always">
          API documentation
        </Anchor>
        .
      </Text>
      <Code
        block
        tabIndex={0}
      >{`curl -H "Authorization: Bearer ${props.apiKey}" \\\n  ${origin}/api/recommendations/latest`}</Code>
      <Title order={2} size="h4" mt="sm">
        Security tips
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Keep the key out of source code and shared documents; use an environment variable.
        </List.Item>
        <List.Item>Anyone with the key acts as you. Regenerate it at once if it may have leaked.</List.Item>
        <List.Item>Regenerating stops the old key immediately: update your scripts right after.</List.Item>
        <List.Item>
          The key is stored encrypted and looked up by a hash; it is never written in plain text.
        </List.Item>
      </List>
    </Stack>
  );
}

function KeyManager(props: { apiKey: string }) {
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState(false);
  const regenerate = useMutation({
    mutationFn: async () => okJson(await api.api.auth["regenerate-api-key"].$post()),
    onSuccess: async () => {
      setVisible(true);
      notify("success", "API Key Regenerated", "The old key no longer works.");
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: toastFailure("Failed to Regenerate API Key", "Please try again."),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.apiKey);
      setCopied(true);
      notify("success", "API Key Copied");
      setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      notify("error", "Copy Failed", "Unable to copy to clipboard");
    }
  };
  return (
    <Stack>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="Your API key"
          readOnly
          value={visible ? props.apiKey : maskKey(props.apiKey)}
          data-testid="api-key-value"
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
        <Tooltip label={visible ? "Hide key" : "Show key"}>
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={visible ? "Hide key" : "Show key"}
            onClick={() => setVisible(!visible)}
          >
            {visible ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={copied ? "Copied" : "Copy key"}>
          <ActionIcon size="lg" variant="default" aria-label={copied ? "Copied" : "Copy key"} onClick={copy}>
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group>
        {/* White on red 9 (5.4:1) in both schemes; the light variant's red on pink fell below 3:1 when pressed. */}
        <Button
          color="red.9"
          variant="filled"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={regenerate.isPending}
          onClick={() => {
            if (window.confirm(REGENERATE_CONFIRMATION)) regenerate.mutate();
          }}
        >
          Regenerate API Key
        </Button>
      </Group>
    </Stack>
  );
}

export function ApiKeyPage() {
  const { data: user, isPending, isError, error, refetch, isFetching } = useQuery(currentUserQueryOptions());
  if (isPending) return <FullPageSpinner />;
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)">
      <PageHeader size="md">
        {user ? (
          <HeaderLink to="/dashboard" label="Back to Dashboard" icon={IconArrowLeft} />
        ) : (
          <HeaderLink to="/signin" label="Sign In" icon={IconLogin} />
        )}
      </PageHeader>
      <Container size="md" py="lg" component="main">
        <Title order={1} mb="md">
          API Key Management
        </Title>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="lg">
            {isError ? (
              <LoadError what="your API key" error={error} onRetry={refetch} retrying={isFetching} />
            ) : user ? (
              <KeyManager apiKey={user.apiKey} />
            ) : (
              <Alert color="indigo" variant="light" title="Sign in to see your key">
                Every account has its own API key.{" "}
                {/* The notice's own text colour, underlined: indigo on the indigo tint was 3.9:1. */}
                <Anchor component={Link} to="/signin" underline="always" c="inherit" fw={600}>
                  Sign in
                </Anchor>{" "}
                or{" "}
                <Anchor component={Link} to="/register" underline="always" c="inherit" fw={600}>
                  create an account
                </Anchor>{" "}
                to get yours.
              </Alert>
            )}
            <Usage apiKey="YOUR_API_KEY" />
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
