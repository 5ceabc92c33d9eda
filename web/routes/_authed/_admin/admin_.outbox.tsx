import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { outboxQueryOptions } from "../../../features/admin/outbox.queries.ts";

/** The local mail outbox (decision 084); its messages start loading while the page's code does. */
export const Route = createFileRoute("/_authed/_admin/admin_/outbox")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(outboxQueryOptions());
  },
  errorComponent: RouteError,
});
