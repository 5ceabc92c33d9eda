import { createLazyFileRoute } from "@tanstack/react-router";
import { RecommendationDetailDialog } from "../../../features/recommendations/recommendation-detail-dialog.tsx";
import { addressId, useCloseDialogRoute } from "../../-components/dialog-route.ts";

function LatestDialog() {
  const close = useCloseDialogRoute({ to: "/dashboard" });
  return <RecommendationDetailDialog id={addressId(Route.useParams().id)} onClose={close} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/_latestTab/r/$id")({
  component: LatestDialog,
});
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
