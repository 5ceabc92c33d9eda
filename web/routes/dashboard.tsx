import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "../features/auth/require-auth.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";

export const Route = createFileRoute("/dashboard")({
  component: () => <RequireAuth>{(user) => <DashboardPage user={user} />}</RequireAuth>,
});
