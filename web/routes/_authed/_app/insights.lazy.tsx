import { createLazyFileRoute } from "@tanstack/react-router";
import { InsightsPage } from "../../../features/insights/insights-page.tsx";

function Insights() {
  const { tab = "analyze" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InsightsPage
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === "history" ? { tab: next } : {} })}
    />
  );
}

export const Route = createLazyFileRoute("/_authed/_app/insights")({ component: Insights });

// Grouped with what most pages share into one chunk (decision 053).
export { SHARED_CHUNK } from "../../../components/shared-chunk.ts";
