import { createLazyFileRoute } from "@tanstack/react-router";
import { SignInPage } from "../../features/auth/sign-in-page.tsx";

const TRACK_RECORD_NOTICE =
  "The track record (every past call and how it turned out) is part of a free account: sign in, or register, to see it from the menu.";

function SignIn() {
  const { oauthError, redirect } = Route.useSearch();
  const notice = redirect?.split(/[?#]/)[0] === "/track-record" ? TRACK_RECORD_NOTICE : undefined;
  return <SignInPage oauthError={oauthError} notice={notice} />;
}

export const Route = createLazyFileRoute("/_guest/signin")({ component: SignIn });
