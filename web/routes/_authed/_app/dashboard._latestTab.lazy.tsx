import { createLazyFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { LatestRecommendationsTab } from "../../../features/recommendations/latest-recommendations-tab.tsx";
import { addressId } from "../../-components/dialog-route.ts";

/** The Latest tab, with the dialog of /dashboard/r/$id over it when that is the address. */
function Latest() {
  const navigate = Route.useNavigate();
  const id = useParams({ strict: false, select: (p) => (p.id === undefined ? undefined : addressId(p.id)) });
  return (
    <>
      <LatestRecommendationsTab
        openId={id}
        onOpen={(r) =>
          void navigate({
            to: "/dashboard/r/$id",
            params: { id: String(r.id) },
            state: { openedFromList: true },
          })
        }
      />
      <Outlet />
    </>
  );
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/_latestTab")({ component: Latest });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
