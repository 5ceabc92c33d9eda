import type { QueryClient } from "@tanstack/react-query";
import { earningsCalendarQueryOptions } from "../../features/earnings/earnings.queries.ts";
import { insightHistoryQueryOptions } from "../../features/insights/insights.queries.ts";
import { defaultRange } from "../../features/recommendations/date-range.ts";
import {
  type HistoricalFilters,
  historicalRecommendationsQueryOptions,
  latestRecommendationsQueryOptions,
} from "../../features/recommendations/recommendations.queries.ts";
import { watchlistQueryOptions } from "../../features/watchlist/watchlist.queries.ts";
import { marketStatusQueryOptions, marketToday } from "../../lib/market-status.queries.ts";

export const DASHBOARD_TABS = [
  { value: "latest", label: "Latest Recommendations" },
  { value: "historical", label: "Historical Recommendations" },
  { value: "analyze", label: "Analyze Stock" },
  { value: "history", label: "Analysis History" },
  { value: "earnings", label: "Earnings Calls" },
  { value: "watchlist", label: "Watchlist" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

/** A chunk's import, started once (again after a failure), and its module once it has arrived. */
export interface TabChunk<M> {
  (): Promise<M>;
  /** The module if it has arrived: rendered at once, where React.lazy would suspend for a turn (decision 053). */
  loaded: () => M | undefined;
}

function tabChunk<M>(importer: () => Promise<M>): TabChunk<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (m) => (module = m),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(load, { loaded: () => module });
}

/**
 * Each tab's code, its own chunk: the dashboard loads only the open tab's (decision 047). `main.tsx` starts it with
 * the layouts' code and the loader with the tab's request; `dashboard-view.tsx` renders it.
 */
export const TAB_CODE = {
  latest: tabChunk(() => import("../../features/recommendations/latest-recommendations-tab.tsx")),
  historical: tabChunk(() => import("../../features/recommendations/historical-recommendations-tab.tsx")),
  analyze: tabChunk(() => import("../../features/insights/analyze-stock-tab.tsx")),
  history: tabChunk(() => import("../../features/insights/analysis-history-tab.tsx")),
  earnings: tabChunk(() => import("../../features/earnings/earnings-calls-tab.tsx")),
  watchlist: tabChunk(() => import("../../features/watchlist/watchlist-tab.tsx")),
} satisfies Record<DashboardTab, TabChunk<unknown>>;

const RISKS = ["aggressive", "non-aggressive"] as const;

/**
 * The dashboard's address: the open tab (absent: Latest) and the historical search. A date absent means the
 * default range (the day before the app's today to today, decision 035); an empty one means that end is open, as an empty date field does.
 */
export interface DashboardSearch {
  tab?: DashboardTab;
  from?: string;
  to?: string;
  symbol?: string;
  aggressive?: (typeof RISKS)[number];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SYMBOL = /^[A-Z0-9.^=-]{1,10}$/;

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === value);

/**
 * Keeps what is valid in an address's search and drops the rest, so a hand-edited or stale link still opens the
 * dashboard. Written out rather than with a schema library: no route loads zod (decision 025).
 */
export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const search: DashboardSearch = {};
  const tab = oneOf(
    DASHBOARD_TABS.map((t) => t.value),
    raw.tab,
  );
  if (tab && tab !== "latest") search.tab = tab;
  for (const key of ["from", "to"] as const) {
    const value = raw[key];
    if (typeof value === "string" && (value === "" || DATE.test(value))) search[key] = value;
  }
  // The default search parser reads `symbol=123` as a number.
  const symbol = typeof raw.symbol === "number" ? String(raw.symbol) : raw.symbol;
  if (typeof symbol === "string" && SYMBOL.test(symbol.trim().toUpperCase()))
    search.symbol = symbol.trim().toUpperCase();
  const aggressive = oneOf(RISKS, raw.aggressive);
  if (aggressive) search.aggressive = aggressive;
  return search;
}

/**
 * The historical tab's query, from the address (the default range ending on `today`, the app's today from
 * `useMarketToday`, where it names no date; the wall clock's when not given).
 */
export function historicalFilters(
  search: DashboardSearch,
  today = marketToday(undefined),
): HistoricalFilters {
  const range = defaultRange(today);
  const date = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : value || undefined;
  return {
    fromDate: date(search.from, range.fromDate),
    toDate: date(search.to, range.toDate),
    symbol: search.symbol,
    aggressive: search.aggressive,
  };
}

/** The address for a historical search (an open end is kept as an empty date). */
export function searchForFilters(filters: HistoricalFilters): DashboardSearch {
  return {
    tab: "historical",
    from: filters.fromDate ?? "",
    to: filters.toDate ?? "",
    symbol: filters.symbol || undefined,
    aggressive: filters.aggressive,
  };
}

/** Starts loading the open tab's code. A failed chunk shows where the tab renders (React.lazy retries the import). */
export function prefetchDashboardTabCode(search: DashboardSearch): void {
  void TAB_CODE[search.tab ?? "latest"]().catch(() => undefined);
}

/**
 * Starts the open tab's request while its code loads. Not awaited: the tab shows its own loading skeletons, and a
 * slow market call never holds a tab switch (decision 024). The tabs read the same query factories.
 */
export function prefetchDashboardTab(queryClient: QueryClient, search: DashboardSearch): void {
  const tab = search.tab ?? "latest";
  prefetchDashboardTabCode(search);
  if (tab === "latest") void queryClient.prefetchQuery(latestRecommendationsQueryOptions());
  if (tab === "historical")
    void queryClient
      .ensureQueryData(marketStatusQueryOptions())
      .catch(() => undefined)
      .then((status) =>
        queryClient.prefetchInfiniteQuery(
          historicalRecommendationsQueryOptions(historicalFilters(search, marketToday(status))),
        ),
      );
  if (tab === "history") void queryClient.prefetchQuery(insightHistoryQueryOptions());
  if (tab === "earnings") void queryClient.prefetchQuery(earningsCalendarQueryOptions());
  if (tab === "watchlist") void queryClient.prefetchQuery(watchlistQueryOptions());
}
