import type { InferRequestType } from "hono/client";
import type { api } from "../../lib/api-client.ts";

/** A historical search's query, as the API takes it. */
export type HistoricalFilters = InferRequestType<typeof api.api.recommendations.historical.$get>["query"];

/** Rows a request of the whole search asks for: the API's largest page, a year of calls and more (decision 137). */
export const HISTORY_ALL_PAGE_SIZE = 1000;

/**
 * The query of one page of a historical search, as the lists ask for it and the historical document's early script
 * preloads it (decision 157): the search's fields that have a value, then the page. Key order is the address's.
 */
export function historicalPageQuery(
  filters: HistoricalFilters,
  page: number,
  pageSize: number,
): HistoricalFilters {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as HistoricalFilters;
  return { ...query, page: String(page), pageSize: String(pageSize) };
}
