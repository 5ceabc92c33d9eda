import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { latestRecommendationsQueryOptions } from "../../../features/recommendations/recommendations.queries.ts";
import { keptFailure } from "../../../lib/query-client.ts";
import { oldTabLinkRedirect } from "../../-components/dashboard-search.ts";

/**
 * The Latest tab: /dashboard, where sign-in lands, and /dashboard/r/$id, a recommendation's dialog over it (the tab
 * stays mounted under the dialog). An old `/dashboard?tab=...` link goes to that tab's own path. The request starts
 * while the tab's code loads; not awaited, the tab shows its own skeletons (decision 024).
 */
export const Route = createFileRoute("/_authed/_app/dashboard/_latestTab")({
  beforeLoad: ({ location }) => {
    const redirect = oldTabLinkRedirect(location.search as Record<string, unknown>);
    if (redirect) throw redirect;
  },
  loader: ({ context }) => {
    const latest = latestRecommendationsQueryOptions();
    // A failed ask (main.tsx's early one, decision 149) stays on screen with its Retry, never asked again behind the
    // person's back; one refused before sign-in is asked again.
    if (keptFailure(context.queryClient, latest.queryKey)) return;
    void context.queryClient.prefetchQuery(latest);
  },
  errorComponent: RouteError,
});
