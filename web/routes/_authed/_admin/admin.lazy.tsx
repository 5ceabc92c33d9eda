import { createLazyFileRoute } from "@tanstack/react-router";
import { AdminPage } from "../../../features/admin/admin-page.tsx";

function Admin() {
  const { user } = Route.useRouteContext();
  return <AdminPage user={user} />;
}

export const Route = createLazyFileRoute("/_authed/_admin/admin")({ component: Admin });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
