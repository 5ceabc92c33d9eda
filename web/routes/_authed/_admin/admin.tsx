import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { usersQueryOptions } from "../../../features/admin/users.queries.ts";

/** The user list's first page starts loading while the panel's code does (not awaited: the list shows its own loading). */
export const Route = createFileRoute("/_authed/_admin/admin")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(usersQueryOptions("", 1));
  },
  errorComponent: RouteError,
});
