import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";
import { prefetchHistorical, validateDashboardSearch } from "../../-components/dashboard-search.ts";

/** /dashboard/historical: the search (dates, symbol, risk) is in the address, so reload and Back keep it. */
export const Route = createFileRoute("/_authed/_app/dashboard/historical")({
  validateSearch: validateDashboardSearch,
  // Each view reads its own query (the table the whole search, the cards a page), so the view is a dependency too.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchHistorical(context.queryClient, deps),
  errorComponent: RouteError,
});
