import { Button, Divider, Stack } from "@mantine/core";
import { IconBrandGithub, IconBrandGoogle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";

const providersQueryOptions = {
  queryKey: ["/api/auth/providers"],
  queryFn: async () => okJson(await api.api.auth.providers.$get()),
};

/** 'Continue with GitHub' / 'Continue with Google', shown only for the providers the server has configured. */
export function OAuthButtons() {
  const { data } = useQuery(providersQueryOptions);
  if (!data || (!data.github && !data.google)) return null;
  const href = (provider: "github" | "google") =>
    api.api.auth.oauth[":provider"].$url({ param: { provider } }).pathname;
  return (
    <Stack gap="xs" mt="md">
      <Divider label="or" labelPosition="center" />
      {data.github ? (
        <Button
          component="a"
          href={href("github")}
          variant="default"
          leftSection={<IconBrandGithub size={18} aria-hidden />}
        >
          Continue with GitHub
        </Button>
      ) : null}
      {data.google ? (
        <Button
          component="a"
          href={href("google")}
          variant="default"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
        >
          Continue with Google
        </Button>
      ) : null}
    </Stack>
  );
}

const OAUTH_ERRORS: Record<string, string> = {
  "no-verified-email": "The provider did not share a verified email address.",
  state: "The sign-in took too long or was interrupted. Please try again.",
  denied: "Sign-in was cancelled at the provider.",
  // An account holds this email but its holder never proved it (docs/decisions/017-oauth-account-linking.md).
  "email-unverified":
    "An account with this email exists. Sign in with its password first, or use 'Reset password' to confirm " +
    "the email is yours; after that you can continue with the provider.",
  "registration-closed": "Registration is closed on this server, and no account uses this email.",
  ACCOUNT_INACTIVE:
    "Account Inactive - Your account is inactive. Please contact administrators to activate it.",
};

export function oauthErrorText(code: string | undefined): string | null {
  if (!code) return null;
  return OAUTH_ERRORS[code] ?? "Signing in with the provider failed. Please try again.";
}
