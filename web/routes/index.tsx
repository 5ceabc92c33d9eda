import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense, useDeferredValue } from "react";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
import { currentUserQueryOptions } from "../lib/current-user.queries.ts";
import { prefetchDashboardTab, validateDashboardSearch } from "./-components/dashboard-search.ts";

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
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The router commits a page synchronously, so the landing page's first render would be one long task on a slow
  // phone; deferred, React renders it as a transition, in slices that leave the main thread free in between
  // (decision 047).
  const deferredRender = useDeferredValue(true, false);
  if (!user) return deferredRender ? <LandingPage /> : null;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInHome user={user} search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </Suspense>
  );
}

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
  component: Home,
});
