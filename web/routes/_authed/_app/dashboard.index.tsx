import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { latestRecommendationsQueryOptions } from "../../../features/recommendations/recommendations.queries.ts";
import { oldTabLinkRedirect } from "../../-components/dashboard-search.ts";

/**
 * /dashboard: the Latest tab, where sign-in lands. An old `/dashboard?tab=...` link goes to that tab's own path.
 * The request starts while the tab's code loads; not awaited, the tab shows its own skeletons (decision 024).
 */
export const Route = createFileRoute("/_authed/_app/dashboard/")({
  beforeLoad: ({ location }) => {
    const redirect = oldTabLinkRedirect(location.search as Record<string, unknown>);
    if (redirect) throw redirect;
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(latestRecommendationsQueryOptions());
  },
  errorComponent: RouteError,
});
