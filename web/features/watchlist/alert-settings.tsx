import { Button, Card, Code, Group, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { alertSettingsQueryOptions, useSaveAlertSettings } from "./watchlist.queries.ts";

/** Where alerts go: email on/off and an optional signed webhook. */
export function AlertSettings() {
  const { data, isError, error, refetch, isFetching } = useQuery(alertSettingsQueryOptions());
  const [emailAlerts, setEmailAlerts] = useState(false);
  const [webhookUrl, setWebhookUrl] = useState("");
  useEffect(() => {
    if (data) {
      setEmailAlerts(data.emailAlerts);
      setWebhookUrl(data.webhookUrl ?? "");
    }
  }, [data]);
  const save = useSaveAlertSettings();
  if (isError)
    return (
      <Card withBorder radius="md" mt="lg" component="section" aria-label="Alert notifications">
        <LoadError compact what="your alert settings" error={error} onRetry={refetch} retrying={isFetching} />
      </Card>
    );
  if (!data) return null;
  return (
    <Card withBorder radius="md" mt="lg" component="section" aria-labelledby="alert-settings-title">
      <Title order={3} size="h4" id="alert-settings-title" mb={4}>
        Alert notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        When a stock crosses its threshold you are notified once per crossing.
      </Text>
      <Stack gap="sm">
        <Switch
          label="Email me when an alert fires"
          checked={emailAlerts}
          onChange={(e) => setEmailAlerts(e.currentTarget.checked)}
        />
        <TextInput
          label="Webhook URL (optional)"
          placeholder="https://example.com/hooks/signalboard"
          value={webhookUrl}
          onChange={(e) => setWebhookUrl(e.currentTarget.value)}
          description="We POST a JSON body signed with X-Signalboard-Signature (HMAC-SHA256 of timestamp.body)."
        />
        <Text size="xs">
          Signing secret: <Code>{data.webhookSecret}</Code>
        </Text>
        <Group justify="flex-end">
          <Button
            onClick={() => save.mutate({ emailAlerts, webhookUrl: webhookUrl.trim() || null })}
            loading={save.isPending}
          >
            Save alert settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
