import { createLazyFileRoute } from "@tanstack/react-router";
import { DashboardView } from "../../-components/dashboard-view.tsx";

function Dashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DashboardView search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard")({ component: Dashboard });

// Grouped with what most pages share into one chunk (decision 053).
export { SHARED_CHUNK } from "../../../components/shared-chunk.ts";
