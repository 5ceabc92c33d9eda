import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../components/route-error.tsx";
import { performanceQueryOptions } from "../features/track-record/track-record.queries.ts";
import { currentUserQueryOptions } from "../lib/current-user.queries.ts";

/**
 * The Track Record is public (decision 144): a visitor reads it without an account, as a signed-in person does from
 * the app's header, at the same address. Like "/", it reads the user itself to pick the frame, instead of sitting
 * under the signed-in layout.
 */
export const Route = createFileRoute("/track-record")({
  beforeLoad: async ({ context }) => ({
    user: await context.queryClient.ensureQueryData(currentUserQueryOptions()),
  }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(performanceQueryOptions());
  },
  errorComponent: RouteError,
});
