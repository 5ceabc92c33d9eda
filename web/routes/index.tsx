import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense, useDeferredValue } from "react";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { RouteError } from "../components/route-error.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
import { latestRecommendationsQueryOptions } from "../features/recommendations/recommendations.queries.ts";
import { currentUserQueryOptions } from "../lib/current-user.queries.ts";
import { oldTabLinkRedirect } from "./-components/dashboard-search.ts";

// Loaded only for a signed-in user: the landing page carries neither the header nor the dashboard.
const SignedInHome = lazy(() =>
  import("./-components/signed-in-home.tsx").then((m) => ({ default: m.SignedInHome })),
);

/**
 * The landing page is in the entry chunk, not a lazy one (decision 047): as its own chunk it arrived after the entry
 * with some twenty small shared chunks behind it, round trips that held its first paint on a phone's network. It
 * adds about 15 KB gzip to the entry, which the landing page loaded anyway.
 */
function Home() {
  const { user } = Route.useRouteContext();
  // The router commits a page synchronously, so the landing page's first render would be one long task on a slow
  // phone; deferred, React renders it as a transition, in slices that leave the main thread free in between
  // (decision 047).
  const deferredRender = useDeferredValue(true, false);
  if (!user) return deferredRender ? <LandingPage /> : null;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInHome user={user} />
    </Suspense>
  );
}

/**
 * "/" is the landing page for a visitor and the dashboard's Latest tab for a signed-in user (its other tabs are
 * routes under /dashboard, decision 074), so it reads the user itself instead of sitting under a layout. An old
 * `/?tab=...` link of a signed-in user goes to that tab's own path.
 */
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    const redirect = user ? oldTabLinkRedirect(location.search as Record<string, unknown>) : undefined;
    if (redirect) throw redirect;
    return { user };
  },
  loader: ({ context }) => {
    if (context.user) void context.queryClient.prefetchQuery(latestRecommendationsQueryOptions());
  },
  component: Home,
  errorComponent: RouteError,
});
