import { createFileRoute } from "@tanstack/react-router";
import { prefetchRecommendation } from "../../-components/dialog-route.ts";

/** /dashboard/r/$id: a recommendation's dialog over the Latest tab, an address that Back, reload and links keep. */
export const Route = createFileRoute("/_authed/_app/dashboard/_latestTab/r/$id")({
  loader: ({ context, params }) => prefetchRecommendation(context.queryClient, params.id),
});
