import { Group, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { elementScroll, type Rect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
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
import type { RecommendationRow } from "./recommendations.queries.ts";

/**
 * The columns and their least widths in pixels (fixed, so drawing other rows never moves a column); a wider screen
 * shares out the rest in the same proportions, a phone scrolls the box sideways.
 */
const COLUMNS: Array<{ key: HistorySortKey; label: string; width: number }> = [
  { key: "date", label: "Date", width: 125 },
  { key: "symbol", label: "Symbol", width: 100 },
  { key: "call", label: "Call", width: 150 },
  { key: "probability", label: "Probability", width: 130 },
  { key: "excess", label: "Expected excess return", width: 150 },
  { key: "outcome", label: "Outcome", width: 215 },
];
const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** The probability as the card's badge says it: the model's chance, or the editor's own confidence. */
const probabilityText = (r: RecommendationRow) =>
  r.source === "admin" ? `${r.confidence}% (editor)` : `${r.confidence}%`;

function SortHeader(props: { column: (typeof COLUMNS)[number]; sort: HistorySort; onSort: () => void }) {
  const active = props.sort.key === props.column.key;
  const Icon = !active ? IconArrowsSort : props.sort.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <th scope="col" aria-sort={active ? ARIA_SORT[props.sort.direction] : "none"}>
      <UnstyledButton onClick={props.onSort} fw={700} fz="sm" data-sort-key={props.column.key}>
        <Group gap={4} wrap="nowrap">
          {props.column.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </th>
  );
}

/**
 * Each row's height in pixels: one line a cell (the call's provenance beside it), cut with an ellipsis where a
 * column is too narrow (the whole text in the cell's title), so the virtualizer's sums are exact. app.css's
 * `.sb-history-row` sets the same height.
 */
const ROW_HEIGHT = 41;

/** The scroll box's greatest height (40rem at the browser's usual 16px), or 70% of the window if less. */
const BOX_MAX_PX = 640;

/** Rows drawn beyond the visible ones, either side: a flick of the wheel shows drawn rows, never a gap. */
const OVERSCAN = 8;

/*
 * As the table mounts, the library reads the scroll box's size and scrolls it to its starting offset, and either
 * forces the page's first layout in the middle of React's commit (120-350 ms at 4x CPU) rather than in the frame
 * that follows. These two read the size once the browser has laid the page out (`initialRect` stands in until then)
 * and leave out that first scroll, to the top of a box that is new and so already there (decision 161).
 */
function observeBoxAfterLayout(instance: Virtualizer<HTMLElement, Element>, report: (rect: Rect) => void) {
  const box = instance.scrollElement;
  if (!box) return;
  const observer = new ResizeObserver(() => report({ width: box.clientWidth, height: box.clientHeight }));
  observer.observe(box);
  return () => observer.disconnect();
}
const scrolledOnce = new WeakSet<Virtualizer<HTMLElement, Element>>();
const scrollBoxButNotAtMount: typeof elementScroll<HTMLElement> = (offset, options, instance) => {
  const first = !scrolledOnce.has(instance);
  scrolledOnce.add(instance);
  if (!(first && offset === 0)) elementScroll(offset, options, instance);
};

/**
 * Every recommendation of the search (`rows`, the whole search) as a table, sortable by each column over all of
 * them (newest first to start). Only the rows in view are drawn: a real table whose aria-rowcount and
 * aria-rowindex tell a screen reader where a row sits, in a box that scrolls by keyboard under a sticky header.
 * The table itself is a plain one styled by app.css (`.sb-history-table`) as Mantine's Table draws it: Mantine's
 * Table carries its ScrollContainer, whose ScrollArea brings floating-ui, 21 KB gzip that the tab's page loaded
 * before its first row and never ran (decision 161).
 */
export function HistoricalTable(props: {
  rows: readonly RecommendationRow[];
  onOpen: (r: RecommendationRow) => void;
}) {
  const [sort, setSort] = useState<HistorySort>(DEFAULT_HISTORY_SORT);
  const rows = useMemo(() => sortHistory(props.rows, sort), [props.rows, sort]);
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The box's height until it is measured, so the first render draws the rows in view, not a second one.
    initialRect: { width: TABLE_WIDTH, height: Math.min(window.innerHeight * 0.7, BOX_MAX_PX) },
    observeElementRect: observeBoxAfterLayout,
    scrollToFn: scrollBoxButNotAtMount,
  });
  const shown = virtualizer.getVirtualItems();
  const above = shown[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (shown.at(-1)?.end ?? 0);
  return (
    <section
      ref={scrollRef}
      // The box scrolls both ways: down through the rows under the sticky header, across on a phone.
      style={{ maxHeight: `min(70vh, ${BOX_MAX_PX}px)`, overflow: "auto" }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus so the keyboard scrolls it (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label="Historical recommendations, scrollable"
      data-testid="history-table-scroll"
    >
      <table
        className="sb-history-table"
        style={{ minWidth: TABLE_WIDTH }}
        aria-label="Historical recommendations"
        aria-rowcount={rows.length + 1}
        data-testid="history-table"
      >
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <SortHeader
                key={column.key}
                column={column}
                sort={sort}
                onSort={() => {
                  setSort(nextSort(sort, column.key));
                  virtualizer.scrollToOffset(0);
                }}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {above > 0 ? <Spacer height={above} /> : null}
          {shown.map(({ index }) => (
            <HistoryRow key={rows[index]!.id} r={rows[index]!} rowIndex={index + 2} onOpen={props.onOpen} />
          ))}
          {below > 0 ? <Spacer height={below} /> : null}
        </tbody>
      </table>
    </section>
  );
}

/**
 * One recommendation's row. Plain elements styled by app.css (`.sb-history-row`) as Mantine's Table.Tr and Table.Td
 * would be: a screenful of rows is about 200 cells, and each Mantine part resolves its props and styles as it
 * renders, which was most of the table's first render at 4x CPU (decision 154).
 */
function HistoryRow(props: {
  r: RecommendationRow;
  rowIndex: number;
  onOpen: (r: RecommendationRow) => void;
}) {
  const { r } = props;
  const date = formatDate(r.recommendationDate);
  return (
    <tr aria-rowindex={props.rowIndex} className="sb-history-row" data-testid="history-row">
      <td>{date}</td>
      <th scope="row">
        <button
          type="button"
          className="sb-history-open mantine-focus-auto"
          onClick={() => props.onOpen(r)}
          aria-label={`View Full Analysis of ${r.symbol}, ${date}`}
          {...{ [OPENS_RECOMMENDATION]: r.id }}
        >
          {r.symbol}
        </button>
      </th>
      <td title={r.provenance}>
        {r.call ?? (r.source === "admin" ? "Editor's pick" : "—")}{" "}
        <span className="sb-history-provenance" data-provenance={r.provenance}>
          {r.provenance}
        </span>
      </td>
      <td>{probabilityText(r)}</td>
      <td>{signedPercent(r.expectedExcessReturn)}</td>
      <td title={outcomeHeadline(r) ?? undefined}>{outcomeShort(r)}</td>
    </tr>
  );
}

/** The height of the rows not drawn, above or below the drawn ones, so the scroll bar reads the whole table. */
function Spacer(props: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row holding no control; aria-rowindex places the drawn rows.
    <tr aria-hidden="true" style={{ height: props.height }}>
      <td colSpan={COLUMNS.length} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
