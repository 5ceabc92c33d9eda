import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page.tsx";
import { SignedOutOnly } from "../features/auth/require-auth.tsx";

export const Route = createFileRoute("/forgot-password")({
  component: () => (
    <SignedOutOnly>
      <ForgotPasswordPage />
    </SignedOutOnly>
  ),
});
