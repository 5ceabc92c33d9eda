import { createLazyFileRoute } from "@tanstack/react-router";
import { AnalyzeStockTab } from "../../../features/insights/analyze-stock-tab.tsx";

/** On success the page switches to the Analysis History tab (spec, insights page): a navigation to its route. */
function Analyze() {
  const navigate = Route.useNavigate();
  return (
    <AnalyzeStockTab
      onAnalyzed={(insight) =>
        void navigate({ to: "/insights/history/$id", params: { id: String(insight.id) } })
      }
    />
  );
}

export const Route = createLazyFileRoute("/_authed/_app/insights/")({ component: Analyze });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
