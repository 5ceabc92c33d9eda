import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "../features/auth/require-auth.tsx";
import { InsightsPage } from "../features/insights/insights-page.tsx";

export const Route = createFileRoute("/insights")({
  component: () => <RequireAuth>{(user) => <InsightsPage user={user} />}</RequireAuth>,
});
