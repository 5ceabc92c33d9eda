import { createFileRoute } from "@tanstack/react-router";
import { currentUserQueryOptions } from "../lib/current-user.queries.ts";
import { prefetchDashboardTab, validateDashboardSearch } from "./-components/dashboard-search.ts";

/**
 * "/" is the landing page for a visitor and the dashboard (with the same address for its tabs) for a signed-in
 * user, so it reads the user itself instead of sitting under a layout.
 */
export const Route = createFileRoute("/")({
  validateSearch: validateDashboardSearch,
  beforeLoad: async ({ context }) => ({
    user: await context.queryClient.ensureQueryData(currentUserQueryOptions()),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (context.user) prefetchDashboardTab(context.queryClient, deps);
  },
});
