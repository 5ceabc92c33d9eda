import { createFileRoute } from "@tanstack/react-router";
import { prefetchRecommendation } from "../../-components/dialog-route.ts";

/** /dashboard/historical/r/$id: a recommendation's dialog over the historical search of the same address. */
export const Route = createFileRoute("/_authed/_app/dashboard/historical/r/$id")({
  loader: ({ context, params }) => prefetchRecommendation(context.queryClient, params.id),
});
