import { createFileRoute } from "@tanstack/react-router";
import { SignedOutOnly } from "../features/auth/require-auth.tsx";
import { SignInPage } from "../features/auth/sign-in-page.tsx";

function SignIn() {
  const { oauthError } = Route.useSearch();
  return (
    <SignedOutOnly>
      <SignInPage oauthError={oauthError} />
    </SignedOutOnly>
  );
}

export const Route = createFileRoute("/signin")({
  validateSearch: (search: Record<string, unknown>): { oauthError?: string } =>
    typeof search.oauthError === "string" ? { oauthError: search.oauthError } : {},
  component: SignIn,
});
