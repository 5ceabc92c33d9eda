import { Anchor, Box, Container, Skeleton, Tabs, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { type ComponentType, lazy, Suspense } from "react";
import type { HistoricalFilters } from "../../features/recommendations/recommendations.queries.ts";
import { AddToWatchlistButton } from "../../features/watchlist/add-to-watchlist-button.tsx";
import { useMarketToday } from "../../lib/market-status.queries.ts";
import {
  DASHBOARD_TABS,
  type DashboardSearch,
  type DashboardTab,
  historicalFilters,
  searchForFilters,
  TAB_CODE,
  type TabChunk,
} from "./dashboard-search.ts";

// One chunk per tab (decision 047): the dashboard's own chunk holds the strip and the address handling only.
const LatestRecommendationsTab = lazy(() =>
  TAB_CODE.latest().then((m) => ({ default: m.LatestRecommendationsTab })),
);
const HistoricalRecommendationsTab = lazy(() =>
  TAB_CODE.historical().then((m) => ({ default: m.HistoricalRecommendationsTab })),
);
const AnalyzeStockTab = lazy(() => TAB_CODE.analyze().then((m) => ({ default: m.AnalyzeStockTab })));
const AnalysisHistoryTab = lazy(() => TAB_CODE.history().then((m) => ({ default: m.AnalysisHistoryTab })));
const EarningsCallsTab = lazy(() => TAB_CODE.earnings().then((m) => ({ default: m.EarningsCallsTab })));
const WatchlistTab = lazy(() => TAB_CODE.watchlist().then((m) => ({ default: m.WatchlistTab })));

/**
 * A tab's component: its own once its chunk has arrived (`main.tsx` starts the open tab's with the layouts' code),
 * so the tab renders in the same pass as the strip; the lazy one until then. React.lazy alone suspends for a turn
 * even for a chunk already there, and React holds a revealed Suspense boundary back for up to 300 ms (decision 053).
 */
function tabComponent<M, P>(code: TabChunk<M>, pick: (m: M) => ComponentType<P>, lazyTab: ComponentType<P>) {
  const module = code.loaded();
  return module ? pick(module) : lazyTab;
}

/**
 * While a tab's code loads: a heading-sized bar and cards' worth of grey, at least a screen tall, so the footer line
 * below stays where the loaded tab puts it (no layout shift).
 */
function TabCodeLoading() {
  return (
    <Box mih="100vh" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={28} width={240} radius="sm" mb="md" animate={false} />
      <Skeleton height={260} radius="md" animate={false} />
    </Box>
  );
}

/**
 * The historical tab with the search from the address. The market's today (for the default range) is read here, not
 * in the view: its answer arrives after the first paint and would otherwise render the whole open tab again.
 */
function HistoricalFromAddress(props: {
  search: DashboardSearch;
  onSearchChange: (search: DashboardSearch) => void;
  tab: ComponentType<{ filters: HistoricalFilters; onSearch: (filters: HistoricalFilters) => void }>;
}) {
  const filters = historicalFilters(props.search, useMarketToday());
  const Historical = props.tab;
  // A new search in the address (Back, a link) starts the form afresh from it.
  return (
    <Historical
      key={JSON.stringify(filters)}
      filters={filters}
      onSearch={(next) => props.onSearchChange(searchForFilters(next))}
    />
  );
}

/**
 * Keeps the open tab visible in the scrolling strip (a link or Back may open one that is off screen). In the next
 * frame: called while React commits, it would force the page's first layout in the middle of the first render.
 */
function scrollIntoViewOnSelect(node: HTMLButtonElement | null) {
  if (node) requestAnimationFrame(() => node.scrollIntoView?.({ block: "nearest", inline: "nearest" }));
}

/**
 * The dashboard: six features composed as tabs. The open tab and the historical search are the address's (`search`);
 * every change goes through `onSearchChange`, a navigation, so reload, Back and links keep them. Shown at
 * /dashboard and, for a signed-in user, at /.
 */
export function DashboardView(props: {
  search: DashboardSearch;
  onSearchChange: (search: DashboardSearch) => void;
}) {
  const { search, onSearchChange } = props;
  const tab = search.tab ?? "latest";
  const open = (next: DashboardTab) =>
    onSearchChange({ ...search, tab: next === "latest" ? undefined : next });
  const Latest = tabComponent(TAB_CODE.latest, (m) => m.LatestRecommendationsTab, LatestRecommendationsTab);
  const Historical = tabComponent(
    TAB_CODE.historical,
    (m) => m.HistoricalRecommendationsTab,
    HistoricalRecommendationsTab,
  );
  const Analyze = tabComponent(TAB_CODE.analyze, (m) => m.AnalyzeStockTab, AnalyzeStockTab);
  const AnalysisHistory = tabComponent(TAB_CODE.history, (m) => m.AnalysisHistoryTab, AnalysisHistoryTab);
  const Earnings = tabComponent(TAB_CODE.earnings, (m) => m.EarningsCallsTab, EarningsCallsTab);
  const Watchlist = tabComponent(TAB_CODE.watchlist, (m) => m.WatchlistTab, WatchlistTab);
  return (
    <Container size="xl" py={{ base: "xs", sm: "lg" }} component="main">
      <VisuallyHidden component="h1">Dashboard</VisuallyHidden>
      <Tabs value={tab} onChange={(v) => v && open(v as DashboardTab)} keepMounted={false}>
        {/* One row at every width: on a phone the strip scrolls sideways instead of wrapping to four rows. */}
        <Tabs.List mb={{ base: "sm", sm: "lg" }} className="sb-tab-strip">
          {DASHBOARD_TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              ref={t.value === tab ? scrollIntoViewOnSelect : undefined}
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Suspense fallback={<TabCodeLoading />}>
          <Tabs.Panel value="latest">
            <Latest />
          </Tabs.Panel>
          <Tabs.Panel value="historical">
            <HistoricalFromAddress search={search} onSearchChange={onSearchChange} tab={Historical} />
          </Tabs.Panel>
          <Tabs.Panel value="analyze">
            <Analyze onAnalyzed={() => open("history")} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <AnalysisHistory onAnalyzeFirst={() => open("analyze")} />
          </Tabs.Panel>
          <Tabs.Panel value="earnings">
            <Earnings watchlistButton={(symbol) => <AddToWatchlistButton symbol={symbol} />} />
          </Tabs.Panel>
          <Tabs.Panel value="watchlist">
            <Watchlist />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
      <Text size="xs" c="dimmed" mt="xl">
        Recommendations are informational and not financial advice.{" "}
        <Anchor component={Link} to="/api-docs" size="xs" underline="always">
          API documentation
        </Anchor>
      </Text>
    </Container>
  );
}
