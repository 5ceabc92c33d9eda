import { Alert, Anchor, Box, Button, Code, Group, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ResetConfirmInput, ResetRequestInput } from "../../../api/features/auth/auth.input.ts";
import { AppLogo } from "../../components/app-logo.tsx";
import { OutboxNote } from "../../components/outbox-note.tsx";
import { api } from "../../lib/api-client.ts";
import { hasCode, okJson, serverMessage } from "../../lib/api-error.ts";
import { passes, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { notify } from "../../lib/notify.ts";
import { AuthPageShell } from "./auth-page-shell.tsx";

type Step = "request" | "reset" | "success";
/** Where the server put the code: mailed, or kept in the local demo's outbox for an admin (decision 084). */
type Delivery = "email" | "outbox";

type ResetRequest = { email: string; fullName: string };
type ResetConfirm = { email: string; code: string; newPassword: string; confirmPassword: string };

const resetRequest = (v: ResetRequest) => ({ email: v.email.trim(), fullName: v.fullName.trim() });
const resetConfirm = (v: ResetConfirm) => ({ ...v, email: v.email.trim(), code: v.code.trim() });

/**
 * Three steps (request, reset, success) that really reset the password: the request step emails a one-time code,
 * which the reset step asks for with the new password (decision 007). Each step's form validates with the schema
 * the API validates its request with (decision 078), and its button waits until the values pass it. No dead end
 * without a mail server (decision 084): in the local demo the reset step says the code is in the admins' outbox;
 * on a deployment without mail the request step says to ask an admin, and which command they run.
 */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>("request");
  const [email, setEmail] = useState("");
  const [delivery, setDelivery] = useState<Delivery>("email");
  const [noMail, setNoMail] = useState(false);

  const request = useMutation({
    mutationFn: async (input: ResetRequest) =>
      okJson(await api.api.auth["password-reset"].request.$post({ json: resetRequest(input) })),
    onSuccess: (answer, input) => {
      setEmail(input.email.trim());
      setDelivery(answer.delivery);
      confirmForm.setFieldValue("email", input.email.trim());
      setStep("reset");
    },
    onError: (error) => {
      if (hasCode(error, "MAIL_NOT_CONFIGURED")) {
        setNoMail(true);
        return;
      }
      notify("error", "Could not send the code", serverMessage(error) ?? "Please try again.");
    },
  });
  const confirm = useMutation({
    mutationFn: async (input: ResetConfirm) =>
      okJson(await api.api.auth["password-reset"].confirm.$post({ json: resetConfirm(input) })),
    onSuccess: () => setStep("success"),
    onError: (error) => notify("error", "Password not updated", serverMessage(error) ?? "Please try again."),
  });

  const requestForm = useAppForm({
    defaultValues: { email: "", fullName: "" } as ResetRequest,
    validators: {
      // On change, not on blur: a form-level blur error stays on a field until the next blur, even once it is fixed.
      onChange: validateWith(ResetRequestInput, resetRequest),
      onSubmit: validateWith(ResetRequestInput, resetRequest),
    },
    onSubmit: ({ value }) => request.mutateAsync(value).catch(() => {}),
  });
  const confirmForm = useAppForm({
    defaultValues: { email: "", code: "", newPassword: "", confirmPassword: "" } as ResetConfirm,
    validators: { onChange: validateWith(ResetConfirmInput, resetConfirm) },
    onSubmit: ({ value }) => confirm.mutateAsync(value).catch(() => {}),
  });

  const header = (
    <Group justify="space-between" w="100%">
      <AppLogo />
      <Anchor component={Link} to="/signin" size="sm" underline="always">
        Back to Sign In
      </Anchor>
    </Group>
  );

  if (step === "success") {
    return (
      <AuthPageShell title="Password Updated!" top={header}>
        <Stack>
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} c="dark.9">
            Your password has been changed.
          </Alert>
          <Text size="sm">
            Every other session of your account has been signed out and your API key has been replaced: copy
            the new one from the API key page into any script that uses it.
          </Text>
          <Button component={Link} to="/signin">
            Sign In with New Password
          </Button>
        </Stack>
      </AuthPageShell>
    );
  }

  if (step === "reset") {
    return (
      <AuthPageShell
        title="Set a new password"
        subtitle={
          delivery === "outbox"
            ? `If the details matched an account, a 6-digit code for ${email} is waiting in this server's mail outbox.`
            : `We emailed a 6-digit code to ${email} if the details matched an account.`
        }
        top={header}
      >
        {delivery === "outbox" ? (
          <Box mb="md">
            <OutboxNote />
          </Box>
        ) : null}
        <form noValidate onSubmit={submitWith(confirmForm)}>
          <confirmForm.AppForm>
            <Stack>
              <confirmForm.AppField name="code">
                {(field) => (
                  <field.TextField
                    label="Reset code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    required
                  />
                )}
              </confirmForm.AppField>
              <confirmForm.AppField name="newPassword">
                {(field) => <field.PasswordField label="New password" autoComplete="new-password" required />}
              </confirmForm.AppField>
              <confirmForm.AppField name="confirmPassword">
                {(field) => (
                  <field.PasswordField label="Confirm new password" autoComplete="new-password" required />
                )}
              </confirmForm.AppField>
              <confirmForm.Subscribe selector={(s) => passes(ResetConfirmInput, s.values, resetConfirm)}>
                {(ready) => (
                  <confirmForm.SubmitButton disabled={!ready} pending={confirm.isPending}>
                    Update Password
                  </confirmForm.SubmitButton>
                )}
              </confirmForm.Subscribe>
              <Button variant="subtle" onClick={() => setStep("request")}>
                Back to verification
              </Button>
            </Stack>
          </confirmForm.AppForm>
        </form>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell
      title="Reset your password"
      subtitle="Enter your email and full name; we will email you a code."
      top={header}
    >
      {noMail ? (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="Ask an administrator"
          mb="md"
          c="dark.9"
          role="alert"
        >
          <Text size="sm">
            This server sends no email, so it cannot send you a reset code. Ask one of its administrators to
            set a new password for you; on the server they run{" "}
            <Code>bun scripts/admin.ts reset-password {"<your email>"}</Code>.
          </Text>
        </Alert>
      ) : null}
      <form noValidate onSubmit={submitWith(requestForm)}>
        <requestForm.AppForm>
          <Stack>
            <requestForm.AppField name="email">
              {(field) => (
                <field.TextField label="Email address" type="email" required autoComplete="email" />
              )}
            </requestForm.AppField>
            <requestForm.AppField name="fullName">
              {(field) => <field.TextField label="Full name" required autoComplete="name" />}
            </requestForm.AppField>
            <requestForm.Subscribe selector={(s) => passes(ResetRequestInput, s.values, resetRequest)}>
              {(ready) => (
                <requestForm.SubmitButton disabled={!ready} pending={request.isPending}>
                  Send Reset Code
                </requestForm.SubmitButton>
              )}
            </requestForm.Subscribe>
            <Text size="xs" c="dimmed">
              For your security the answer is the same whether or not the details match an account.
            </Text>
          </Stack>
        </requestForm.AppForm>
      </form>
    </AuthPageShell>
  );
}
