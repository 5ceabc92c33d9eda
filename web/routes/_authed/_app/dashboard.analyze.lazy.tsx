import { createLazyFileRoute } from "@tanstack/react-router";
import { AnalyzeStockTab } from "../../../features/insights/analyze-stock-tab.tsx";

/** On success the view switches to the Analysis History tab (spec, main dashboard): a navigation to its route. */
function Analyze() {
  const navigate = Route.useNavigate();
  return <AnalyzeStockTab onAnalyzed={() => void navigate({ to: "/dashboard/history" })} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/analyze")({ component: Analyze });
