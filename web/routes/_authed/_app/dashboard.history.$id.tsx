import { createFileRoute } from "@tanstack/react-router";

/** /dashboard/history/$id: the Analysis History tab (its parent) with this analysis marked and scrolled to. */
export const Route = createFileRoute("/_authed/_app/dashboard/history/$id")({});
