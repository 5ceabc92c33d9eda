import { createFileRoute, redirect } from "@tanstack/react-router";
import { currentUserQueryOptions } from "../lib/current-user.queries.ts";

/** Pages for visitors (sign-in, registration, forgot password): a signed-in user goes to the dashboard instead. */
export const Route = createFileRoute("/_guest")({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    if (user) throw redirect({ to: "/dashboard", replace: true });
  },
});
