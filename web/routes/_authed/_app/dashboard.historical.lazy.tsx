import { useQuery } from "@tanstack/react-query";
import { createLazyFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { HistoricalRecommendationsTab } from "../../../features/recommendations/historical-recommendations-tab.tsx";
import { marketStatusQueryOptions, useMarketToday } from "../../../lib/market-status.queries.ts";
import { historicalFilters, searchForFilters } from "../../-components/dashboard-search.ts";
import { addressId } from "../../-components/dialog-route.ts";

/**
 * The historical tab with the search from the address, and the dialog of /dashboard/historical/r/$id over it when
 * that is the address. The market's today (for the default range) is read here: a search naming no dates shows the
 * range ending on the app's today.
 */
function Historical() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const today = useMarketToday();
  const openId = useParams({
    strict: false,
    select: (p) => (p.id === undefined ? undefined : addressId(p.id)),
  });
  // A search naming no dates waits for the market's today (or its failure: then the wall clock's, as the loader
  // does); before it, the tab would ask for the wall clock's range first, a wasted request whose answer showed.
  const waiting =
    useQuery(marketStatusQueryOptions()).isPending && (search.from === undefined || search.to === undefined);
  if (waiting) return null;
  const filters = historicalFilters(search, today);
  // A new search in the address (Back, a link) starts the form afresh from it.
  return (
    <>
      <HistoricalRecommendationsTab
        key={JSON.stringify(filters)}
        filters={filters}
        openId={openId}
        onOpen={(r) =>
          void navigate({
            to: "/dashboard/historical/r/$id",
            params: { id: String(r.id) },
            search: (prev) => prev,
            state: { openedFromList: true },
          })
        }
        onSearch={(next) => void navigate({ search: { ...searchForFilters(next), view: search.view } })}
        view={search.view ?? "cards"}
        onViewChange={(view) =>
          void navigate({ search: (prev) => ({ ...prev, view: view === "table" ? "table" : undefined }) })
        }
      />
      <Outlet />
    </>
  );
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/historical")({ component: Historical });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
