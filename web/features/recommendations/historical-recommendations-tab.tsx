import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { HISTORY_PAGE_SIZE } from "../../../api/features/recommendations/recommendations.constants.ts";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { groupByDate } from "./date-range.ts";
import { HistoricalTable } from "./historical-table.tsx";
import { type HistoryView, HistoryViewControls } from "./history-view-controls.tsx";
import { RecommendationCard } from "./recommendation-card.tsx";
import { useFocusReturnToOpener } from "./recommendation-focus.ts";
import {
  type HistoricalFilters,
  type HistoricalPage,
  historicalAllQueryOptions,
  historicalRecommendationsQueryOptions,
  type RecommendationRow,
} from "./recommendations.queries.ts";

export const HISTORY_SKELETONS = 3;

/**
 * The filters form follows the results with its own chunk (zod, the form library, the symbol search's and the risk
 * select's popovers: about 95 KB gzip of the tab's 121 KB, and a third of its first render at 4x CPU), so a phone
 * draws the results without waiting for it; its place is held at its own size meanwhile (decision 154).
 */
let filtersFormCode:
  | Promise<{ default: typeof import("./historical-filters-form.tsx").HistoricalFiltersForm }>
  | undefined;
const loadFiltersForm = () =>
  (filtersFormCode ??= import("./historical-filters-form.tsx").then((m) => ({
    default: m.HistoricalFiltersForm,
  })));
const HistoricalFiltersForm = lazy(loadFiltersForm);

/**
 * Runs `then` once the browser has painted the next frame; returns its cancel. An answer's update is an urgent one
 * (a query's store), so React runs the effects of the commit that draws the rows before that commit is painted: the
 * form's render and its chunk's requests, started there, came before the first row (decision 161).
 */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A task queued from an animation frame runs once that frame's layout and paint are done.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The filters form's height in each layout: four fields (label and input) and the Search button. */
const FIELD_HEIGHT = 61;
const BUTTON_HEIGHT = 36;

/** Where the filters form will be, the size it will have, until its code has arrived. */
function FiltersPlaceholder() {
  return (
    <Card withBorder radius="md" mb="md" aria-hidden="true" data-testid="history-filters-placeholder">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
        {["from", "to", "symbol", "risk"].map((field) => (
          <Skeleton key={field} height={FIELD_HEIGHT} radius="sm" />
        ))}
        <Skeleton height={BUTTON_HEIGHT} radius="sm" mt={{ md: 25 }} />
      </SimpleGrid>
    </Card>
  );
}

/**
 * The filters form, asked for only once the first results have been drawn (or have failed): its chunk's evaluation
 * and its first render (zod, the inputs, the popovers' floating-ui) are most of the tab's work, and when they came
 * before the answer they went first and the first row waited for them (decision 157). Once its code has been asked
 * for, a new search draws it at once.
 */
function FiltersSlot(props: { settled: boolean; form: ReactNode }) {
  const [ready, setReady] = useState(() => filtersFormCode !== undefined);
  useEffect(() => {
    if (props.settled) return afterNextPaint(() => setReady(true));
  }, [props.settled]);
  // Not the Suspense's children before then: a boundary that suspends keeps what it showed, hidden, in the page.
  return ready ? <Suspense fallback={<FiltersPlaceholder />}>{props.form}</Suspense> : <FiltersPlaceholder />;
}

/**
 * The search shown is `filters` (the route keeps them in the address, so a reload or Back shows the same results);
 * Search hands the form's values to `onSearch`. The form starts from `filters`.
 */
export function HistoricalRecommendationsTab(props: {
  filters: HistoricalFilters;
  onSearch: (filters: HistoricalFilters) => void;
  /** Cards (the default) or the sortable table; the route keeps it in the address with the filters. */
  view?: HistoryView;
  onViewChange?: (view: HistoryView) => void;
  /** A card's or row's "View Full Analysis" (the route opens the dialog's address). */
  onOpen: (recommendation: RecommendationRow) => void;
  /** The recommendation whose dialog is open: its card or row gets focus back when it closes. */
  openId?: number;
}) {
  const { filters } = props;
  const section = useRef<HTMLElement>(null);
  useFocusReturnToOpener(props.openId, section);
  const controls = (
    <HistoryViewControls
      view={props.view ?? "cards"}
      onViewChange={(v) => props.onViewChange?.(v)}
      filters={filters}
    />
  );
  const form = <HistoricalFiltersForm filters={filters} onSearch={props.onSearch} />;
  return (
    <section aria-labelledby="historical-title" ref={section}>
      <Title order={2} id="historical-title" size="h3" mb="sm">
        Historical Recommendations
      </Title>
      {/* Each view makes its own one request: the table reads the whole search, the cards a page at a time. */}
      {props.view === "table" ? (
        <TableResults filters={filters} form={form} controls={controls} onOpen={props.onOpen} />
      ) : (
        <CardResults filters={filters} form={form} controls={controls} onOpen={props.onOpen} />
      )}
    </section>
  );
}

interface ResultsProps {
  filters: HistoricalFilters;
  /** The filters form, drawn above the results once they have come (FiltersSlot). */
  form: ReactNode;
  /** The cards/table switch and the CSV download, shown above the results. */
  controls: ReactNode;
  onOpen: (r: RecommendationRow) => void;
}

function useFailureToast(failed: boolean) {
  useEffect(() => {
    if (failed) notify("error", "Failed to fetch historical recommendations");
  }, [failed]);
}

const Loading = () => (
  <Stack role="status" aria-busy="true" aria-label="Loading historical recommendations">
    <Skeletons count={HISTORY_SKELETONS} height={180} testId="history-skeleton" />
  </Stack>
);

const NothingFound = () => (
  <EmptyPanel
    title="No Historical Recommendations Found"
    text="Try adjusting your search filters or check back later."
  />
);

const found = (total: number) => `${formatCount(total)} recommendation${total === 1 ? "" : "s"} found`;

/** The whole search as one sortable table, from one request (historicalAllQueryOptions). */
function TableResults(props: ResultsProps) {
  const query = useQuery(historicalAllQueryOptions(props.filters));
  useFailureToast(query.isError);
  return (
    <>
      <FiltersSlot settled={!query.isPending} form={props.form} />
      <TableBody query={query} {...props} />
    </>
  );
}

function TableBody(props: ResultsProps & { query: UseQueryResult<RecommendationRow[]> }) {
  const { query } = props;
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <LoadError
        what="historical recommendations"
        error={query.error}
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  if (!query.data.length) return <NothingFound />;
  return (
    <Stack gap="lg">
      <div aria-live="polite">
        <Text fw={600}>{found(query.data.length)}</Text>
      </div>
      {props.controls}
      <HistoricalTable rows={query.data} onOpen={props.onOpen} />
    </Stack>
  );
}

/** The spec's cards, grouped by date, HISTORY_PAGE_SIZE at a time. */
function CardResults(props: ResultsProps) {
  const query = useInfiniteQuery(historicalRecommendationsQueryOptions(props.filters));
  useFailureToast(query.isError);
  return (
    <>
      <FiltersSlot settled={!query.isPending} form={props.form} />
      <CardBody query={query} {...props} />
    </>
  );
}

function CardBody(props: ResultsProps & { query: UseInfiniteQueryResult<InfiniteData<HistoricalPage>> }) {
  const { query } = props;
  const { items, total, dateCounts } = mergePages(query.data?.pages ?? []);
  if (query.isPending) return <Loading />;
  if (query.isError && !query.isFetchNextPageError)
    return (
      <LoadError
        what="historical recommendations"
        error={query.error}
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  if (!items.length) return <NothingFound />;
  return (
    <Stack gap="lg">
      <div aria-live="polite">
        <Text fw={600}>{found(total)}</Text>
        {total > items.length ? (
          <Text size="sm" c="dimmed" data-testid="history-shown">
            Showing the newest {formatCount(items.length)}.
          </Text>
        ) : null}
      </div>
      {props.controls}
      {groupByDate(items).map(([date, items]) => (
        <Stack key={date} gap="sm" data-testid="history-group">
          <Group gap="xs">
            <Title order={3} size="h5">
              {formatDate(date)}
            </Title>
            <Badge
              variant="light"
              color="gray"
              c="var(--mantine-color-text)"
              data-testid="history-group-count"
            >
              {dateCounts.get(date) ?? items.length}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((r) => (
              <RecommendationCard key={r.id} recommendation={r} showDate onOpen={() => props.onOpen(r)} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {query.isFetchNextPageError ? (
        <LoadError
          compact
          what="more recommendations"
          error={query.error}
          onRetry={query.fetchNextPage}
          retrying={query.isFetchingNextPage}
        />
      ) : query.hasNextPage ? (
        <Button
          variant="default"
          style={{ alignSelf: "center" }}
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show {formatCount(Math.min(HISTORY_PAGE_SIZE, total - items.length))} more
        </Button>
      ) : null}
    </Stack>
  );
}

/** The pages loaded so far as one list (a row a later page repeats, after a write shifted the pages, once). */
function mergePages(pages: readonly HistoricalPage[]) {
  const seen = new Set<number>();
  const items: RecommendationRow[] = [];
  const dateCounts = new Map<string, number>();
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    for (const [date, n] of page.dateCounts) dateCounts.set(date, n);
  }
  return { items, total: Math.max(pages.at(-1)?.total ?? 0, items.length), dateCounts };
}
