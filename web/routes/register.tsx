import { createFileRoute } from "@tanstack/react-router";
import { RegisterPage } from "../features/auth/register-page.tsx";
import { SignedOutOnly } from "../features/auth/require-auth.tsx";

export const Route = createFileRoute("/register")({
  component: () => (
    <SignedOutOnly>
      <RegisterPage />
    </SignedOutOnly>
  ),
});
