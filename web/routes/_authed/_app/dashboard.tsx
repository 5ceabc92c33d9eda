import { createFileRoute } from "@tanstack/react-router";
import { prefetchDashboardTab, validateDashboardSearch } from "../../-components/dashboard-search.ts";

/** /dashboard?tab=watchlist opens the Watchlist tab; the historical search is in the address too. */
export const Route = createFileRoute("/_authed/_app/dashboard")({
  validateSearch: validateDashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchDashboardTab(context.queryClient, deps),
});
