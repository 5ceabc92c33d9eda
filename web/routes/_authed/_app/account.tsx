import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { emailStatusQueryOptions, sessionsQueryOptions } from "../../../features/account/account.queries.ts";

export const Route = createFileRoute("/_authed/_app/account")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionsQueryOptions());
    void context.queryClient.prefetchQuery(emailStatusQueryOptions());
  },
  errorComponent: RouteError,
});
