import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { prefetchHistorical, validateDashboardSearch } from "../../-components/dashboard-search.ts";

/** /dashboard/historical: the search (dates, symbol, risk) is in the address, so reload and Back keep it. */
export const Route = createFileRoute("/_authed/_app/dashboard/historical")({
  validateSearch: validateDashboardSearch,
  // The cards/table switch needs no new data: only the search's filters make the loader run again.
  loaderDeps: ({ search: { view: _view, ...filters } }) => filters,
  loader: ({ context, deps }) => prefetchHistorical(context.queryClient, deps),
  errorComponent: RouteError,
});
