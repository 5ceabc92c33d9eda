import { Anchor, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { RegisterInput } from "../../../api/features/auth/auth.input.ts";
import { refusesBlank, submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { notify } from "../../lib/notify.ts";
import { useRegister } from "./auth.mutations.ts";
import { AuthPageShell } from "./auth-page-shell.tsx";
import { OAuthButtons } from "./oauth-buttons.tsx";

interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** The request the values make, validated with the API's own schema before it is sent (decision 078). */
function registerRequest(v: RegisterValues) {
  return {
    email: v.email,
    password: v.password,
    // The names are optional: a blank one is not sent.
    firstName: v.firstName.trim() || undefined,
    lastName: v.lastName.trim() || undefined,
  };
}

export function RegisterPage() {
  const register = useRegister();
  // A field left blank also gets the spec's toast on submit.
  const form = useAppForm({
    defaultValues: { firstName: "", lastName: "", email: "", password: "" } as RegisterValues,
    validators: {
      onChange: validateWith(RegisterInput, registerRequest),
      onSubmit: validateWith(RegisterInput, registerRequest),
    },
    onSubmitInvalid: ({ value }) => {
      if (refusesBlank(RegisterInput, registerRequest(value)))
        notify("error", "Missing Information", "Please enter email and password.");
    },
    onSubmit: async ({ value }) => {
      await register.mutateAsync(registerRequest(value)).catch(() => {});
    },
  });

  return (
    <AuthPageShell title="Create your account" subtitle="Free, and ready in a minute.">
      <form noValidate onSubmit={submitWith(form)}>
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
