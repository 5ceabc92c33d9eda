import { createFileRoute } from "@tanstack/react-router";
import { SignedOutOnly } from "../features/auth/require-auth.tsx";
import { SignInPage } from "../features/auth/sign-in-page.tsx";

export const Route = createFileRoute("/signin")({
  component: () => (
    <SignedOutOnly>
      <SignInPage />
    </SignedOutOnly>
  ),
});
