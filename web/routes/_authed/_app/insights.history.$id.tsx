import { createFileRoute } from "@tanstack/react-router";

/** /insights/history/$id: the insights page's Analysis History (its parent) with this analysis marked. */
export const Route = createFileRoute("/_authed/_app/insights/history/$id")({});
