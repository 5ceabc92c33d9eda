import { createFileRoute, redirect } from "@tanstack/react-router";

/** Analyze Stock's address is the insights page's own (/insights): this one is kept as a synonym. */
export const Route = createFileRoute("/_authed/_app/insights/analyze")({
  beforeLoad: () => {
    throw redirect({ to: "/insights", replace: true });
  },
});
