import { createLazyFileRoute, Outlet, useLocation } from "@tanstack/react-router";
import { InsightsPage } from "../../../features/insights/insights-page.tsx";

function Insights() {
  const tab = useLocation({ select: (l) => (/\/history(\/|$)/.test(l.pathname) ? "history" : "analyze") });
  const navigate = Route.useNavigate();
  return (
    <InsightsPage
      tab={tab}
      onTabChange={(next) => void navigate({ to: next === "history" ? "/insights/history" : "/insights" })}
    >
      <Outlet />
    </InsightsPage>
  );
}

export const Route = createLazyFileRoute("/_authed/_app/insights")({ component: Insights });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
