import { createLazyFileRoute } from "@tanstack/react-router";
import { HistoricalRecommendationsTab } from "../../../features/recommendations/historical-recommendations-tab.tsx";
import { useMarketToday } from "../../../lib/market-status.queries.ts";
import { historicalFilters, searchForFilters } from "../../-components/dashboard-search.ts";

/**
 * The historical tab with the search from the address. The market's today (for the default range) is read here:
 * a search naming no dates shows the range ending on the app's today.
 */
function Historical() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = historicalFilters(search, useMarketToday());
  // A new search in the address (Back, a link) starts the form afresh from it.
  return (
    <HistoricalRecommendationsTab
      key={JSON.stringify(filters)}
      filters={filters}
      onSearch={(next) => void navigate({ search: { ...searchForFilters(next), view: search.view } })}
      view={search.view ?? "cards"}
      onViewChange={(view) =>
        void navigate({ search: (prev) => ({ ...prev, view: view === "table" ? "table" : undefined }) })
      }
    />
  );
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/historical")({ component: Historical });
