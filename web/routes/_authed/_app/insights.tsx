import { createFileRoute } from "@tanstack/react-router";
import { insightHistoryQueryOptions } from "../../../features/insights/insights.queries.ts";
import type { InsightsTab } from "../../../features/insights/insights-page.tsx";

/** /insights?tab=history opens the Analysis History tab; Analyze Stock otherwise. */
export const Route = createFileRoute("/_authed/_app/insights")({
  validateSearch: (raw: Record<string, unknown>): { tab?: InsightsTab } =>
    raw.tab === "history" ? { tab: "history" } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.tab === "history") void context.queryClient.prefetchQuery(insightHistoryQueryOptions());
  },
});
