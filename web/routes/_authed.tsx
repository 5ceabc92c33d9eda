import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../components/route-error.tsx";
import { currentUserQueryOptions } from "../lib/current-user.queries.ts";
import { redirectAfterToast, SIGNED_OUT_REDIRECT_MS } from "./-components/access.ts";

/**
 * Every signed-in page sits under this pathless layout. Its `beforeLoad` reads the current user through the same
 * query the components read (cached: no request once known) and puts it in the router context, so the pages below
 * have a `user` that is never null; a visitor gets the 'Unauthorized' toast and /signin 500 ms later, with the page
 * asked for as `redirect` so that sign-in returns there, and no page below loads anything (decision 024).
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, preload, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    if (!user) {
      return redirectAfterToast({
        preload,
        // Back to this page after sign-in (its path, search and hash); /dashboard is where sign-in goes anyway.
        to: { to: "/signin", search: location.href === "/dashboard" ? {} : { redirect: location.href } },
        delayMs: SIGNED_OUT_REDIRECT_MS,
        toast: { title: "Unauthorized", message: "You are logged out. Logging in again..." },
      });
    }
    return { user };
  },
  errorComponent: RouteError,
});
