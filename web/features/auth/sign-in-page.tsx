import { Alert, Anchor, Group, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { SignInInput } from "../../../api/features/auth/auth.input.ts";
import { refusesBlank, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { notify } from "../../lib/notify.ts";
import { useSignIn } from "./auth.mutations.ts";
import { AuthPageShell } from "./auth-page-shell.tsx";
import { OAuthButtons, oauthErrorText } from "./oauth-buttons.tsx";

export function SignInPage(props: { oauthError?: string }) {
  const signIn = useSignIn();
  const providerError = oauthErrorText(props.oauthError);
  // The API's schema checks the fields (decision 078); a field left blank also gets the spec's toast on submit.
  const form = useAppForm({
    defaultValues: { email: "", password: "" },
    validators: { onChange: validateWith(SignInInput), onSubmit: validateWith(SignInInput) },
    onSubmitInvalid: ({ value }) => {
      if (refusesBlank(SignInInput, value))
        notify("error", "Missing Information", "Please enter both email and password.");
    },
    onSubmit: async ({ value }) => {
      await signIn.mutateAsync(value).catch(() => {});
    },
  });

  return (
    <AuthPageShell title="Sign in" subtitle="Welcome back. Sign in to see today's recommendations.">
      {providerError ? (
        <Alert variant="light" color="red" mb="md" c="dark.9" role="alert">
          {providerError}
        </Alert>
      ) : null}
      <Alert
        variant="light"
        color="gray"
        icon={<IconLock size={18} aria-hidden />}
        mb="lg"
        title="Secure login"
      >
        Your password is never stored in plain text and your session ends after 30 minutes of inactivity.
      </Alert>
      <form noValidate onSubmit={submitWith(form)}>
        <form.AppForm>
          <Stack gap="md">
            <form.AppField name="email">
              {(field) => (
                <field.TextField
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  placeholder="you@example.com"
                />
              )}
            </form.AppField>
            <form.AppField name="password">
              {(field) => <field.PasswordField label="Password" required autoComplete="current-password" />}
            </form.AppField>
            <form.SubmitButton fullWidth pending={signIn.isPending} pendingLabel="Signing in...">
              Sign In
            </form.SubmitButton>
          </Stack>
        </form.AppForm>
      </form>
      <OAuthButtons />
      <Stack gap={6} mt="lg">
        <Text size="sm">
          No account yet?{" "}
          <Anchor component={Link} to="/register" underline="always">
            Register here
          </Anchor>
        </Text>
        <Text size="sm">
          Forgot your password?{" "}
          <Anchor component={Link} to="/forgot-password" underline="always">
            Reset password
          </Anchor>
        </Text>
        <Group mt="xs">
          <Anchor component={Link} to="/" size="sm">
            Back to Home
          </Anchor>
        </Group>
      </Stack>
    </AuthPageShell>
  );
}
