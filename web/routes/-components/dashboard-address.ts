// The dashboard's address as the app reads it, in a module that imports no library: the historical document's early
// script (web/preload-historical.ts) reads it too, before the app's code has arrived (decision 157).
import { SYMBOL_CHARACTERS, SYMBOL_MAX_LENGTH } from "../../../api/lib/fields.constants.ts";
import type { HistoricalFilters } from "../../features/recommendations/historical-query.ts";

const RISKS = ["aggressive", "non-aggressive"] as const;

/**
 * The historical tab's search, in its address. A date absent means the
 * default range (the day before the app's today to today, decision 035); an empty one means that end is open, as an empty date field does.
 */
export interface DashboardSearch {
  from?: string;
  to?: string;
  symbol?: string;
  aggressive?: (typeof RISKS)[number];
  /** The results as a sortable table; absent for the cards (decision 083). */
  view?: "table";
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === value);

/**
 * Keeps what is valid in an address's search and drops the rest, so a hand-edited or stale link still opens the
 * dashboard. Written out rather than with the API's zod schemas: this module loads with the app's entry, where zod
 * may not (only lazy feature chunks load `*.input.ts`, decision 078); the symbol's rule is the API's own
 * (fields.constants.ts).
 */
export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const search: DashboardSearch = {};
  for (const key of ["from", "to"] as const) {
    const value = raw[key];
    if (typeof value === "string" && (value === "" || DATE.test(value))) search[key] = value;
  }
  // The default search parser reads `symbol=123` as a number.
  const symbol = typeof raw.symbol === "number" ? String(raw.symbol) : raw.symbol;
  const upper = typeof symbol === "string" ? symbol.trim().toUpperCase() : "";
  if (upper.length <= SYMBOL_MAX_LENGTH && SYMBOL_CHARACTERS.test(upper)) search.symbol = upper;
  const aggressive = oneOf(RISKS, raw.aggressive);
  if (aggressive) search.aggressive = aggressive;
  if (raw.view === "table") search.view = "table";
  return search;
}

/** The historical search an address names, where `range` stands in for a date the address leaves out. */
export function filtersOfSearch(
  search: DashboardSearch,
  range: { fromDate: string; toDate: string },
): HistoricalFilters {
  const date = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : value || undefined;
  return {
    fromDate: date(search.from, range.fromDate),
    toDate: date(search.to, range.toDate),
    symbol: search.symbol,
    aggressive: search.aggressive,
  };
}
