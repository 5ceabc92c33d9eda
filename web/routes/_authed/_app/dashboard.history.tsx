import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { insightHistoryQueryOptions } from "../../../features/insights/insights.queries.ts";

export const Route = createFileRoute("/_authed/_app/dashboard/history")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(insightHistoryQueryOptions());
  },
  errorComponent: RouteError,
});
