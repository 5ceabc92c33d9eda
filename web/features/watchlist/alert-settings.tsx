import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { EmailVerificationConfirmInput } from "../../../api/features/auth/auth.input.ts";
import { UpdateNotificationSettings } from "../../../api/features/watchlist/alerts.input.ts";
import { LoadError } from "../../components/load-error.tsx";
import { OutboxNote } from "../../components/outbox-note.tsx";
import { SecretField } from "../../components/secret-field.tsx";
import { submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { SwitchField } from "../../lib/form-fields.tsx";
import {
  alertSettingsQueryOptions,
  type SavedAlertSettings,
  useConfirmEmailVerification,
  useRequestEmailVerification,
  useSaveAlertSettings,
} from "./watchlist.queries.ts";

/** The form's values for the saved settings: no webhook is an empty field. */
const valuesOf = (settings: SavedAlertSettings) => ({
  emailAlerts: settings.emailAlerts,
  webhookUrl: settings.webhookUrl ?? "",
});

/** Where alerts go: email on/off and an optional signed webhook. */
export function AlertSettings() {
  const { data, isError, error, refetch, isFetching } = useQuery(alertSettingsQueryOptions());
  if (isError)
    return (
      <Card withBorder radius="md" mt="lg" component="section" aria-label="Alert notifications">
        <LoadError compact what="your alert settings" error={error} onRetry={refetch} retrying={isFetching} />
      </Card>
    );
  if (!data) return null;
  return <AlertSettingsForm settings={data} />;
}

function AlertSettingsForm({ settings }: { settings: SavedAlertSettings }) {
  const save = useSaveAlertSettings();
  // The API's own schema checks the values (decision 078) and turns a blank webhook into none; the form sends them
  // as they are and then shows what was saved.
  const form = useAppForm({
    defaultValues: valuesOf(settings),
    validators: {
      onChange: validateWith(UpdateNotificationSettings),
      onSubmit: validateWith(UpdateNotificationSettings),
    },
    onSubmit: async ({ value, formApi }) => {
      await save
        .mutateAsync(value)
        .then((saved) => formApi.reset(valuesOf(saved)))
        .catch(() => {});
    },
  });
  return (
    <Card withBorder radius="md" mt="lg" component="section" aria-labelledby="alert-settings-title">
      <Title order={3} size="h4" id="alert-settings-title" mb={4}>
        Alert notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        When a stock crosses its threshold you are notified once per crossing.
      </Text>
      {!settings.emailVerified && <EmailVerification address={settings.emailAddress} />}
      <form noValidate onSubmit={submitWith(form)}>
        <form.AppForm>
          <Stack gap="sm">
            <form.AppField name="emailAlerts">
              {() => <SwitchField label="Email me when an alert fires" />}
            </form.AppField>
            <form.AppField name="webhookUrl">
              {(field) => (
                <field.TextField
                  label="Webhook URL (optional)"
                  placeholder="https://example.com/hooks/signalboard"
                  description="We POST a JSON body signed with X-Signalboard-Signature (HMAC-SHA256 of timestamp.body)."
                />
              )}
            </form.AppField>
            <SecretField
              label="Signing secret"
              description="Verify each webhook's signature with it. Keep it private."
              value={settings.webhookSecret}
            />
            <Group justify="flex-end">
              <form.SubmitButton pending={save.isPending}>Save alert settings</form.SubmitButton>
            </Group>
          </Stack>
        </form.AppForm>
      </form>
    </Card>
  );
}

/** Why no alert email goes out yet, and the mailed code that changes it (the API sends only to a proven address). */
function EmailVerification({ address }: { address: string }) {
  const send = useRequestEmailVerification();
  const confirm = useConfirmEmailVerification();
  const form = useAppForm({
    defaultValues: { code: "" },
    validators: { onSubmit: validateWith(EmailVerificationConfirmInput) },
    onSubmit: async ({ value }) => {
      await confirm.mutateAsync(value).catch(() => {});
    },
  });
  return (
    <Alert
      color="yellow"
      title="Email address not verified"
      mb="sm"
      // The light yellow title fails contrast on its own background; the text colour reads in both schemes.
      styles={{ title: { color: "var(--mantine-color-text)" } }}
    >
      <Stack gap="xs">
        <Text size="sm">Alert emails are not sent to {address} until you verify that address.</Text>
        {send.isSuccess &&
          (send.data.delivery === "outbox" ? <OutboxNote /> : <Text size="sm">{send.data.message}</Text>)}
        <Group align="flex-end" gap="xs">
          <Button variant="light" size="xs" loading={send.isPending} onClick={() => send.mutate()}>
            {send.isSuccess ? "Send a new code" : "Send verification code"}
          </Button>
        </Group>
        {send.isSuccess && (
          <form noValidate onSubmit={submitWith(form)}>
            <form.AppForm>
              <Group align="flex-end" gap="xs">
                <form.AppField name="code">
                  {(field) => (
                    <field.TextField
                      label="Verification code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                    />
                  )}
                </form.AppField>
                <form.SubmitButton pending={confirm.isPending}>Verify email</form.SubmitButton>
              </Group>
            </form.AppForm>
          </form>
        )}
      </Stack>
    </Alert>
  );
}
