import { useNavigate } from "@tanstack/react-router";
import { LatestRecommendationsTab } from "../../features/recommendations/latest-recommendations-tab.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";
import { DashboardFrame } from "./dashboard-frame.tsx";
import { SignedInFrame } from "./signed-in-frame.tsx";

/**
 * "/" for a signed-in user: the dashboard on its Latest tab, in the signed-in frame (the other tabs are their own
 * routes under /dashboard). Its own chunk, which the landing page never loads.
 */
export function SignedInHome(props: { user: CurrentUser }) {
  const navigate = useNavigate();
  return (
    <SignedInFrame user={props.user}>
      <DashboardFrame tab="latest">
        <LatestRecommendationsTab
          onOpen={(r) =>
            void navigate({
              to: "/dashboard/r/$id",
              params: { id: String(r.id) },
              state: { openedFromList: true },
            })
          }
        />
      </DashboardFrame>
    </SignedInFrame>
  );
}
export { SIGNED_IN_SHELL } from "./signed-in-shell.ts";
