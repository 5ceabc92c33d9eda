import { createLazyFileRoute } from "@tanstack/react-router";
import { SignInPage } from "../../features/auth/sign-in-page.tsx";

const NOTICES = {
  "track-record":
    "The track record (every past call and how it turned out) is part of a free account: sign in, or register, to see it from the menu.",
} as const;

function SignIn() {
  const { oauthError, next } = Route.useSearch();
  return <SignInPage oauthError={oauthError} notice={next ? NOTICES[next] : undefined} />;
}

export const Route = createLazyFileRoute("/_guest/signin")({ component: SignIn });
