import { useQuery } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FullPageSpinner } from "../../components/full-page-spinner.tsx";
import { RedirectAfter } from "../../components/redirect-after.tsx";
import { type CurrentUser, currentUserQueryOptions } from "./auth.queries.ts";

/** Redirect delays of spec sections 4 and 9. */
export const SIGNED_OUT_REDIRECT_MS = 500;
export const NON_ADMIN_REDIRECT_MS = 1500;

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Renders `children(user)` for a signed-in user; a signed-out one gets a toast and /signin after 500 ms. */
export function RequireAuth(props: { children: (user: CurrentUser) => ReactNode; adminOnly?: boolean }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (!user) {
    return (
      <RedirectAfter
        to="/signin"
        delayMs={SIGNED_OUT_REDIRECT_MS}
        toast={{ tone: "error", title: "Unauthorized", message: "You are logged out. Logging in again..." }}
      />
    );
  }
  if (props.adminOnly && !user.isAdmin) {
    return (
      <RedirectAfter
        to="/"
        delayMs={NON_ADMIN_REDIRECT_MS}
        toast={{ tone: "error", title: "Admin access required. Redirecting..." }}
      />
    );
  }
  return <>{props.children(user)}</>;
}

/** Pages for signed-out visitors (sign-in, registration, forgot password): a signed-in user sees the dashboard. */
export function SignedOutOnly(props: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to="/dashboard" />;
  return <>{props.children}</>;
}
