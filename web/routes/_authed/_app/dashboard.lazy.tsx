import { createLazyFileRoute } from "@tanstack/react-router";
import { DashboardView } from "../../-components/dashboard-view.tsx";

function Dashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DashboardView search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard")({ component: Dashboard });
