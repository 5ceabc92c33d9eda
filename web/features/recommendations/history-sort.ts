import { outcomePoints } from "./outcome-words.ts";
import type { RecommendationRow } from "./recommendations.queries.ts";

/** The history table's sortable columns. */
export type HistorySortKey = "date" | "symbol" | "call" | "probability" | "excess" | "outcome";
export type SortDirection = "asc" | "desc";
export interface HistorySort {
  key: HistorySortKey;
  direction: SortDirection;
}

/** Newest first, as the cards and the API list them. */
export const DEFAULT_HISTORY_SORT: HistorySort = { key: "date", direction: "desc" };

const VALUES: Record<HistorySortKey, (r: RecommendationRow) => string | number | null> = {
  date: (r) => r.recommendationDate,
  symbol: (r) => r.symbol,
  call: (r) => r.call ?? null,
  // The model's chance of its event as a whole percent, or the editor's confidence: the figure the column shows.
  probability: (r) => r.confidence,
  excess: (r) => r.expectedExcessReturn ?? null,
  // Open calls have no outcome to order by: they go last either way.
  outcome: (r) => outcomePoints(r.outcome),
};

/** A new sort when a column's header is pressed: the same column flips, another starts on its natural order. */
export function nextSort(current: HistorySort, key: HistorySortKey): HistorySort {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: key === "symbol" || key === "call" ? "asc" : "desc" };
}

/**
 * The rows in the order of `sort`; a value that is missing (an editor's pick has no call or expected return, an
 * open call no outcome) sorts last in both directions, and ties keep the newest first.
 */
export function sortHistory(rows: readonly RecommendationRow[], sort: HistorySort): RecommendationRow[] {
  const value = VALUES[sort.key];
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return (va < vb ? -1 : 1) * sign;
    }
    if (a.recommendationDate !== b.recommendationDate)
      return a.recommendationDate < b.recommendationDate ? 1 : -1;
    return b.id - a.id;
  });
}
