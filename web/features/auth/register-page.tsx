import { Anchor, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useAppForm } from "../../lib/form.tsx";
import { notify } from "../../lib/notify.ts";
import { useRegister } from "./auth.mutations.ts";
import { AuthPageShell } from "./auth-page-shell.tsx";
import { OAuthButtons } from "./oauth-buttons.tsx";

export function RegisterPage() {
  const register = useRegister();
  const form = useAppForm({
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
    onSubmit: async ({ value }) => {
      if (!value.email.trim() || !value.password) {
        notify("error", "Missing Information", "Please enter email and password.");
        return;
      }
      await register
        .mutateAsync({
          email: value.email.trim(),
          password: value.password,
          firstName: value.firstName.trim() || undefined,
          lastName: value.lastName.trim() || undefined,
        })
        .catch(() => {});
    },
  });

  return (
    <AuthPageShell title="Create your account" subtitle="Free, and ready in a minute.">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.AppForm>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <form.AppField name="firstName">
                {(field) => <field.TextField label="First name" autoComplete="given-name" />}
              </form.AppField>
              <form.AppField name="lastName">
                {(field) => <field.TextField label="Last name" autoComplete="family-name" />}
              </form.AppField>
            </SimpleGrid>
            <form.AppField name="email">
              {(field) => <field.TextField label="Email" type="email" required autoComplete="email" />}
            </form.AppField>
            <form.AppField name="password">
              {(field) => (
                <field.PasswordField
                  label="Password"
                  required
                  autoComplete="new-password"
                  description="At least 8 characters."
                />
              )}
            </form.AppField>
            <form.SubmitButton fullWidth pending={register.isPending} pendingLabel="Creating account...">
              Create Account
            </form.SubmitButton>
          </Stack>
        </form.AppForm>
      </form>
      <OAuthButtons />
      <Text size="xs" c="dimmed" mt="md">
        By registering you agree to the{" "}
        <Anchor component={Link} to="/terms" size="xs" underline="always">
          Terms of Service
        </Anchor>{" "}
        and{" "}
        <Anchor component={Link} to="/privacy" size="xs" underline="always">
          Privacy Policy
        </Anchor>
        .
      </Text>
      <Text size="sm" mt="md">
        Already have an account?{" "}
        <Anchor component={Link} to="/signin" underline="always">
          Sign in
        </Anchor>
      </Text>
    </AuthPageShell>
  );
}
