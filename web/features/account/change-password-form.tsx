import { Stack, Text } from "@mantine/core";
import { ChangePasswordInput } from "../../../api/features/auth/auth.input.ts";
import { submitWith, useAppForm, validateWith } from "../../lib/form.tsx";
import { useChangePassword } from "./account.queries.ts";

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The request the values make (the confirmation stays in the browser), validated with the API's schema. */
const changePasswordRequest = (v: ChangePasswordValues) => ({
  currentPassword: v.currentPassword,
  newPassword: v.newPassword,
});

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Current password, new password twice; on success the fields are cleared and the other sessions are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: {
      onChange: validateWith(ChangePasswordInput, changePasswordRequest),
      onSubmit: validateWith(ChangePasswordInput, changePasswordRequest),
    },
    onSubmit: async ({ value }) => {
      const done = await change.mutateAsync(changePasswordRequest(value)).then(
        () => true,
        () => false,
      );
      if (done) form.reset();
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} aria-label="Change password">
      <form.AppForm>
        <Stack gap="sm">
          <form.AppField name="currentPassword">
            {(field) => (
              <field.PasswordField label="Current password" required autoComplete="current-password" />
            )}
          </form.AppField>
          <form.AppField name="newPassword">
            {(field) => (
              <field.PasswordField
                label="New password"
                description="At least 8 characters."
                required
                autoComplete="new-password"
              />
            )}
          </form.AppField>
          <form.AppField
            name="confirmPassword"
            validators={{
              onChangeListenTo: ["newPassword"],
              onChange: ({ value, fieldApi }) =>
                value !== fieldApi.form.getFieldValue("newPassword") ? "Passwords do not match" : undefined,
            }}
          >
            {(field) => (
              <field.PasswordField label="Confirm new password" required autoComplete="new-password" />
            )}
          </form.AppField>
          <Text size="xs" c="dimmed">
            Changing it signs out your other sessions and replaces your API key.
          </Text>
          <form.SubmitButton
            pending={change.isPending}
            pendingLabel="Changing password..."
            style={{ alignSelf: "flex-start" }}
          >
            Change Password
          </form.SubmitButton>
        </Stack>
      </form.AppForm>
    </form>
  );
}
