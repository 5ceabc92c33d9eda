import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { watchlistQueryOptions } from "../../../features/watchlist/watchlist.queries.ts";

export const Route = createFileRoute("/_authed/_app/dashboard/watchlist")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(watchlistQueryOptions());
  },
  errorComponent: RouteError,
});
