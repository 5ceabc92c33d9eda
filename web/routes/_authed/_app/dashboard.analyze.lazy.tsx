import { createLazyFileRoute } from "@tanstack/react-router";
import { AnalyzeStockTab } from "../../../features/insights/analyze-stock-tab.tsx";

/**
 * On success the view switches to the Analysis History tab (spec, main dashboard): a navigation to the analysis's own
 * address there, where it is marked (a symbol analysed again the same market day is the same card, updated).
 */
function Analyze() {
  const navigate = Route.useNavigate();
  return (
    <AnalyzeStockTab
      onAnalyzed={(insight) =>
        void navigate({ to: "/dashboard/history/$id", params: { id: String(insight.id) } })
      }
    />
  );
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/analyze")({ component: Analyze });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
