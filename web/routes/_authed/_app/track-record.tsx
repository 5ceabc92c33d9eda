import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { performanceQueryOptions } from "../../../features/track-record/track-record.queries.ts";

export const Route = createFileRoute("/_authed/_app/track-record")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(performanceQueryOptions());
  },
  errorComponent: RouteError,
});
