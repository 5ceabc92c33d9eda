import { createLazyFileRoute } from "@tanstack/react-router";
import { RecommendationDetailDialog } from "../../../features/recommendations/recommendation-detail-dialog.tsx";
import { addressId, useCloseDialogRoute } from "../../-components/dialog-route.ts";

function HistoricalDialog() {
  const search = Route.useSearch();
  const close = useCloseDialogRoute({ to: "/dashboard/historical", search });
  return <RecommendationDetailDialog id={addressId(Route.useParams().id)} onClose={close} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/historical/r/$id")({
  component: HistoricalDialog,
});
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
