import { createLazyFileRoute } from "@tanstack/react-router";
import { AnalysisHistoryTab } from "../../../features/insights/analysis-history-tab.tsx";

function History() {
  const navigate = Route.useNavigate();
  return <AnalysisHistoryTab detailed onAnalyzeFirst={() => void navigate({ to: "/insights" })} />;
}

export const Route = createLazyFileRoute("/_authed/_app/insights/history")({ component: History });
