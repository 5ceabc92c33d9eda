import { createFileRoute, redirect } from "@tanstack/react-router";

/** The Latest tab's address is the dashboard's own (where sign-in lands): this one is kept as a synonym. */
export const Route = createFileRoute("/_authed/_app/dashboard/latest")({
  beforeLoad: () => {
    throw redirect({ to: "/dashboard", replace: true });
  },
});
