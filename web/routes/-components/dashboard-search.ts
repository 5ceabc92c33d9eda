import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { defaultRange } from "../../features/recommendations/date-range.ts";
import {
  type HistoricalFilters,
  historicalAllQueryOptions,
  historicalRecommendationsQueryOptions,
} from "../../features/recommendations/recommendations.queries.ts";
import { marketStatusQueryOptions, marketToday } from "../../lib/market-status.queries.ts";
import { keptFailure } from "../../lib/query-client.ts";
import { type DashboardSearch, filtersOfSearch, oneOf } from "./dashboard-address.ts";

export { type DashboardSearch, validateDashboardSearch } from "./dashboard-address.ts";

export const DASHBOARD_TABS = [
  { value: "latest", label: "Latest Recommendations" },
  { value: "historical", label: "Historical Recommendations" },
  { value: "analyze", label: "Analyze Stock" },
  { value: "history", label: "Analysis History" },
  { value: "earnings", label: "Earnings Calls" },
  { value: "watchlist", label: "Watchlist" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

/** Each tab's own address: Latest is the dashboard's plain one, which sign-in opens (spec section 2). */
export const DASHBOARD_TAB_PATHS = {
  latest: "/dashboard",
  historical: "/dashboard/historical",
  analyze: "/dashboard/analyze",
  history: "/dashboard/history",
  earnings: "/dashboard/earnings",
  watchlist: "/dashboard/watchlist",
} as const satisfies Record<DashboardTab, string>;

/** The open tab, from the address's path (/, /dashboard and a dialog over Latest, /dashboard/r/5, are Latest). */
export function dashboardTabOf(pathname: string): DashboardTab {
  const last = pathname.split("/").filter(Boolean)[1];
  return (
    oneOf(
      DASHBOARD_TABS.map((t) => t.value),
      last,
    ) ?? "latest"
  );
}

/**
 * Old links (`/dashboard?tab=historical&from=...`, `/?tab=watchlist`) kept working: for an address with a `tab`,
 * the redirect to that tab's own path with the rest of the search (the historical filters); none otherwise.
 */
export function oldTabLinkRedirect(raw: Record<string, unknown>) {
  if (!("tab" in raw)) return undefined;
  const { tab, ...rest } = raw;
  const value = oneOf(
    DASHBOARD_TABS.map((t) => t.value),
    tab,
  );
  return redirect({ to: DASHBOARD_TAB_PATHS[value ?? "latest"], search: rest as never, replace: true });
}

/**
 * The historical tab's query, from the address (the default range ending on `today`, the app's today from
 * `useMarketToday`, where it names no date; the wall clock's when not given).
 */
export function historicalFilters(
  search: DashboardSearch,
  today = marketToday(undefined),
): HistoricalFilters {
  return filtersOfSearch(search, defaultRange(today));
}

/** The address for a historical search (an open end is kept as an empty date). */
export function searchForFilters(filters: HistoricalFilters): DashboardSearch {
  return {
    from: filters.fromDate ?? "",
    to: filters.toDate ?? "",
    symbol: filters.symbol || undefined,
    aggressive: filters.aggressive,
  };
}

/**
 * Starts the historical tab's request while its code loads: the whole search for the table view, the cards' first
 * page otherwise (only the view's own query, so the table makes one request). Not awaited: the tab shows its own
 * loading skeletons, and a slow market call never holds a tab switch (decision 024). main.tsx calls it too, beside
 * the current user's request, and the loader then finds that ask in the cache (decision 154). An ask that failed
 * stays on screen with its Retry, never asked again behind the person's back; one refused as a visitor's (401) is
 * asked again, since the layout let this person in.
 */
export function prefetchHistorical(queryClient: QueryClient, search: DashboardSearch): void {
  const start = (today: string | undefined) => {
    const filters = historicalFilters(search, today);
    if (search.view === "table") {
      const all = historicalAllQueryOptions(filters);
      if (!keptFailure(queryClient, all.queryKey)) void queryClient.prefetchQuery(all);
    } else {
      const pages = historicalRecommendationsQueryOptions(filters);
      if (!keptFailure(queryClient, pages.queryKey)) void queryClient.prefetchInfiniteQuery(pages);
    }
  };
  // A search that names both dates needs no "today": it is not kept waiting on the market's status.
  if (search.from !== undefined && search.to !== undefined) {
    start(undefined);
    return;
  }
  void queryClient
    .ensureQueryData(marketStatusQueryOptions())
    .catch(() => undefined)
    .then((status) => start(marketToday(status)));
}
