import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { SymbolAutocomplete } from "../../components/symbol-autocomplete.tsx";
import { formatDate } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { groupByDate, isValidRange } from "./date-range.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { RecommendationDialog } from "./recommendation-dialog.tsx";
import {
  HISTORY_PAGE_SIZE,
  type HistoricalFilters,
  type HistoricalPage,
  historicalRecommendationsQueryOptions,
  type Recommendation,
} from "./recommendations.queries.ts";

export const HISTORY_SKELETONS = 3;
export const INVALID_RANGE_TEXT = "Invalid Date Range: From date must be earlier than or equal to to date.";

const RISK_OPTIONS = [
  { value: "all", label: "All" },
  { value: "aggressive", label: "Aggressive" },
  { value: "non-aggressive", label: "Conservative" },
];

/**
 * The search shown is `filters` (the route keeps them in the address, so a reload or Back shows the same results);
 * Search hands the form's values to `onSearch`. The form starts from `filters`.
 */
export function HistoricalRecommendationsTab(props: {
  filters: HistoricalFilters;
  onSearch: (filters: HistoricalFilters) => void;
}) {
  const { filters } = props;
  const [form, setForm] = useState({
    fromDate: filters.fromDate ?? "",
    toDate: filters.toDate ?? "",
    symbol: filters.symbol ?? "",
    risk: filters.aggressive ?? "all",
  });
  const [open, setOpen] = useState<Recommendation | null>(null);
  const valid = isValidRange(form.fromDate, form.toDate);
  const query = useInfiniteQuery(historicalRecommendationsQueryOptions(filters));

  const warned = useRef(false);
  useEffect(() => {
    if (!valid && !warned.current)
      notify("error", "Invalid Date Range", "From date must be earlier than or equal to to date.");
    warned.current = !valid;
  }, [valid]);
  useEffect(() => {
    if (query.isError) notify("error", "Failed to fetch historical recommendations");
  }, [query.isError]);

  const search = () => {
    if (!valid) return;
    props.onSearch({
      fromDate: form.fromDate || undefined,
      toDate: form.toDate || undefined,
      symbol: form.symbol.trim() || undefined,
      aggressive: form.risk === "all" ? undefined : (form.risk as HistoricalFilters["aggressive"]),
    });
  };

  const { items, total, dateCounts } = mergePages(query.data?.pages ?? []);
  const groups = groupByDate(items);
  return (
    <section aria-labelledby="historical-title">
      <Title order={2} id="historical-title" size="h3" mb="sm">
        Historical Recommendations
      </Title>
      <Card
        withBorder
        radius="md"
        mb="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <TextInput
            type="date"
            label="From Date"
            value={form.fromDate}
            onChange={(e) => setForm({ ...form, fromDate: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To Date"
            value={form.toDate}
            onChange={(e) => setForm({ ...form, toDate: e.currentTarget.value })}
          />
          <SymbolAutocomplete
            label="Stock Symbol"
            placeholder="e.g. AAPL"
            value={form.symbol}
            onChange={(symbol) => setForm({ ...form, symbol })}
          />
          <Select
            label="Risk Level"
            data={RISK_OPTIONS}
            value={form.risk}
            allowDeselect={false}
            onChange={(v) => setForm({ ...form, risk: v ?? "all" })}
          />
          <Button
            type="submit"
            disabled={!valid}
            leftSection={<IconSearch size={16} aria-hidden />}
            mt={{ md: 25 }}
          >
            Search
          </Button>
        </SimpleGrid>
        {!valid ? (
          <Text c="red.8" size="sm" mt="sm" role="alert">
            {INVALID_RANGE_TEXT}
          </Text>
        ) : null}
      </Card>

      {query.isPending ? (
        <Stack aria-busy="true" aria-label="Loading historical recommendations">
          <Skeletons count={HISTORY_SKELETONS} height={180} testId="history-skeleton" />
        </Stack>
      ) : query.isError && !query.isFetchNextPageError ? (
        <LoadError
          what="historical recommendations"
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : !items.length ? (
        <EmptyPanel
          title="No Historical Recommendations Found"
          text="Try adjusting your search filters or check back later."
        />
      ) : (
        <Stack gap="lg">
          <div aria-live="polite">
            <Text fw={600}>
              {total.toLocaleString("en-US")} recommendation{total === 1 ? "" : "s"} found
            </Text>
            {total > items.length ? (
              <Text size="sm" c="dimmed" data-testid="history-shown">
                Showing the newest {items.length.toLocaleString("en-US")}.
              </Text>
            ) : null}
          </div>
          {groups.map(([date, items]) => (
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
                  <RecommendationCard key={r.id} recommendation={r} showDate onOpen={() => setOpen(r)} />
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
              Show {Math.min(HISTORY_PAGE_SIZE, total - items.length).toLocaleString("en-US")} more
            </Button>
          ) : null}
        </Stack>
      )}
      <RecommendationDialog recommendation={open} onClose={() => setOpen(null)} />
    </section>
  );
}

/** The pages loaded so far as one list (a row a later page repeats, after a write shifted the pages, once). */
function mergePages(pages: readonly HistoricalPage[]) {
  const seen = new Set<number>();
  const items: Recommendation[] = [];
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
