import { createLazyFileRoute } from "@tanstack/react-router";
import { AnalysisHistoryTab } from "../../../features/insights/analysis-history-tab.tsx";

function History() {
  const navigate = Route.useNavigate();
  return <AnalysisHistoryTab onAnalyzeFirst={() => void navigate({ to: "/dashboard/analyze" })} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/history")({ component: History });
