import { createLazyFileRoute } from "@tanstack/react-router";
import { SignInPage } from "../../features/auth/sign-in-page.tsx";

function SignIn() {
  const { oauthError } = Route.useSearch();
  return <SignInPage oauthError={oauthError} />;
}

export const Route = createLazyFileRoute("/_guest/signin")({ component: SignIn });
