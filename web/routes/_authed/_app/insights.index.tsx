import { createFileRoute, redirect } from "@tanstack/react-router";

/** /insights: Analyze Stock. An old `/insights?tab=history` link goes to the history tab's own path. */
export const Route = createFileRoute("/_authed/_app/insights/")({
  beforeLoad: ({ location }) => {
    const search = location.search as Record<string, unknown>;
    if (search.tab === "history") throw redirect({ to: "/insights/history", replace: true });
    if ("tab" in search) throw redirect({ to: "/insights", replace: true });
  },
});
