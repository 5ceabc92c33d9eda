import { createLazyFileRoute, useParams } from "@tanstack/react-router";
import { AnalysisHistoryTab } from "../../../features/insights/analysis-history-tab.tsx";
import { addressId } from "../../-components/dialog-route.ts";

function History() {
  const navigate = Route.useNavigate();
  const markedId = useParams({
    strict: false,
    select: (p) => (p.id === undefined ? undefined : addressId(p.id)),
  });
  return (
    <AnalysisHistoryTab
      markedId={markedId}
      onAnalyzeFirst={() => void navigate({ to: "/dashboard/analyze" })}
    />
  );
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/history")({ component: History });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
