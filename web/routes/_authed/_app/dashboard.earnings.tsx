import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { earningsCalendarQueryOptions } from "../../../features/earnings/earnings.queries.ts";

export const Route = createFileRoute("/_authed/_app/dashboard/earnings")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(earningsCalendarQueryOptions());
  },
  errorComponent: RouteError,
});
