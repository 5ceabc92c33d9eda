import { createLazyFileRoute, Outlet, useLocation } from "@tanstack/react-router";
import { DashboardFrame } from "../../-components/dashboard-frame.tsx";
import { dashboardTabOf } from "../../-components/dashboard-search.ts";

/** The tab strip around the open tab's route (decision 074). */
function Dashboard() {
  const tab = useLocation({ select: (location) => dashboardTabOf(location.pathname) });
  return (
    <DashboardFrame tab={tab}>
      <Outlet />
    </DashboardFrame>
  );
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard")({ component: Dashboard });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
