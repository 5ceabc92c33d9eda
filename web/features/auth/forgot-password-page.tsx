import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { AppLogo } from "../../components/app-logo.tsx";
import { api } from "../../lib/api-client.ts";
import { okJson, serverMessage } from "../../lib/api-error.ts";
import { notify } from "../../lib/notify.ts";
import { AuthPageShell } from "./auth-page-shell.tsx";

type Step = "request" | "reset" | "success";

/**
 * Three steps (request, reset, success) that really reset the password: the request step emails a one-time code,
 * which the reset step asks for with the new password (decision 007).
 */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>("request");
  const [email, setEmail] = useState("");
  const [fullName, setFullName] = useState("");
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  const request = useMutation({
    mutationFn: async () =>
      okJson(
        await api.api.auth["password-reset"].request.$post({
          json: { email: email.trim(), fullName: fullName.trim() },
        }),
      ),
    onSuccess: () => setStep("reset"),
    onError: (error) =>
      notify("error", "Could not send the code", serverMessage(error) ?? "Please try again."),
  });
  const confirm = useMutation({
    mutationFn: async () =>
      okJson(
        await api.api.auth["password-reset"].confirm.$post({
          json: { email: email.trim(), code: code.trim(), newPassword, confirmPassword },
        }),
      ),
    onSuccess: () => setStep("success"),
    onError: (error) => notify("error", "Password not updated", serverMessage(error) ?? "Please try again."),
  });

  const mismatch = confirmPassword.length > 0 && newPassword !== confirmPassword;
  const canUpdate =
    newPassword.length > 0 && confirmPassword.length > 0 && !mismatch && /^\d{6}$/.test(code.trim());

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
        subtitle={`We emailed a 6-digit code to ${email} if the details matched an account.`}
        top={header}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canUpdate) confirm.mutate();
          }}
        >
          <Stack>
            <TextInput
              label="Reset code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ""))}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              name="newPassword"
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              name="confirmPassword"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.currentTarget.value)}
              error={mismatch ? "Passwords do not match" : undefined}
            />
            <Button type="submit" disabled={!canUpdate} loading={confirm.isPending}>
              Update Password
            </Button>
            <Button variant="subtle" onClick={() => setStep("request")}>
              Back to verification
            </Button>
          </Stack>
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim() && fullName.trim()) request.mutate();
        }}
      >
        <Stack>
          <TextInput
            label="Email address"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label="Full name"
            required
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.currentTarget.value)}
          />
          <Button type="submit" disabled={!email.trim() || !fullName.trim()} loading={request.isPending}>
            Send Reset Code
          </Button>
          <Text size="xs" c="dimmed">
            For your security the answer is the same whether or not the details match an account.
          </Text>
        </Stack>
      </form>
    </AuthPageShell>
  );
}
