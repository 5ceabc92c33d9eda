import { defaultParseSearch } from "@tanstack/react-router";
import { HISTORY_PAGE_SIZE } from "../../../api/features/recommendations/recommendations.constants.ts";
import {
  HISTORY_ALL_PAGE_SIZE,
  historicalPageQuery,
} from "../../features/recommendations/historical-query.ts";
import { filtersOfSearch, validateDashboardSearch } from "./dashboard-address.ts";

/**
 * The address of the historical tab's first request for this page's address, as the tab will ask for it (the
 * table's whole search, or the cards' first page), or null where the early script has nothing to ask for: another
 * page, or a search that leaves a date to the market's today (known only from the API). Decision 157.
 */
export function historicalPreloadPath(pathname: string, search: string): string | null {
  if (pathname.replace(/\/$/, "") !== "/dashboard/historical") return null;
  const address = validateDashboardSearch(defaultParseSearch(search));
  if (address.from === undefined || address.to === undefined) return null;
  const filters = filtersOfSearch(address, { fromDate: address.from, toDate: address.to });
  const pageSize = address.view === "table" ? HISTORY_ALL_PAGE_SIZE : HISTORY_PAGE_SIZE;
  const query = new URLSearchParams(historicalPageQuery(filters, 1, pageSize) as Record<string, string>);
  return `/api/recommendations/historical?${query}`;
}
