import { createFileRoute } from "@tanstack/react-router";

/** /dashboard: the Latest tab (its layout route) with no dialog open. */
export const Route = createFileRoute("/_authed/_app/dashboard/_latestTab/")({});
