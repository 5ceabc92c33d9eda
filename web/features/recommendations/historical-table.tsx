import { Group, Skeleton, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { KEYBOARD_SCROLL } from "../../components/keyboard-scroll.ts";
import { LoadError } from "../../components/load-error.tsx";
import { formatDate, signedPercent } from "../../lib/format.ts";
import {
  DEFAULT_HISTORY_SORT,
  type HistorySort,
  type HistorySortKey,
  nextSort,
  sortHistory,
} from "./history-sort.ts";
import { outcomeHeadline, outcomeShort } from "./outcome-words.ts";
import { OPENS_RECOMMENDATION } from "./recommendation-focus.ts";
import {
  type HistoricalFilters,
  historicalAllQueryOptions,
  type Recommendation,
} from "./recommendations.queries.ts";

const COLUMNS: Array<{ key: HistorySortKey; label: string }> = [
  { key: "date", label: "Date" },
  { key: "symbol", label: "Symbol" },
  { key: "call", label: "Call" },
  { key: "probability", label: "Probability" },
  { key: "excess", label: "Expected excess return" },
  { key: "outcome", label: "Outcome" },
];

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** The probability as the card's badge says it: the model's chance, or the editor's own confidence. */
const probabilityText = (r: Recommendation) =>
  r.source === "admin" ? `${r.confidence}% (editor)` : `${r.confidence}%`;

function SortHeader(props: { column: (typeof COLUMNS)[number]; sort: HistorySort; onSort: () => void }) {
  const active = props.sort.key === props.column.key;
  const Icon = !active ? IconArrowsSort : props.sort.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? ARIA_SORT[props.sort.direction] : "none"}
      style={{ whiteSpace: "nowrap" }}
    >
      <UnstyledButton onClick={props.onSort} fw={700} fz="sm" data-sort-key={props.column.key}>
        <Group gap={4} wrap="nowrap">
          {props.column.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * Every recommendation of the search as a table, sortable by each column (newest first to start). It reads the
 * whole search, every page, so a sort orders all of it, not only the rows the cards have loaded.
 */
export function HistoricalTable(props: { filters: HistoricalFilters; onOpen: (r: Recommendation) => void }) {
  const query = useQuery(historicalAllQueryOptions(props.filters));
  const [sort, setSort] = useState<HistorySort>(DEFAULT_HISTORY_SORT);
  const rows = useMemo(() => sortHistory(query.data ?? [], sort), [query.data, sort]);
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the table">
        <Skeleton height={320} animate={false} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        what="the recommendations of this search"
        error={query.error}
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={640}
      scrollAreaProps={KEYBOARD_SCROLL}
      data-testid="history-table-scroll"
    >
      <Table
        striped
        highlightOnHover
        fz="sm"
        horizontalSpacing="xs"
        aria-label="Historical recommendations"
        data-testid="history-table"
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <SortHeader
                key={column.key}
                column={column}
                sort={sort}
                onSort={() => setSort(nextSort(sort, column.key))}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="history-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(r.recommendationDate)}</Table.Td>
              <Table.Th scope="row">
                <UnstyledButton
                  onClick={() => props.onOpen(r)}
                  fw={700}
                  fz="sm"
                  td="underline"
                  aria-label={`View Full Analysis of ${r.symbol}, ${formatDate(r.recommendationDate)}`}
                  {...{ [OPENS_RECOMMENDATION]: r.id }}
                >
                  {r.symbol}
                </UnstyledButton>
              </Table.Th>
              <Table.Td>
                {r.call ?? (r.source === "admin" ? "Editor's pick" : "—")}
                <Text size="xs" c="dimmed" data-provenance={r.provenance}>
                  {r.provenance}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{probabilityText(r)}</Table.Td>
              <Table.Td>{signedPercent(r.expectedExcessReturn)}</Table.Td>
              <Table.Td title={outcomeHeadline(r) ?? undefined}>{outcomeShort(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
