import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { HISTORY_PAGE_SIZE } from "../../../api/features/recommendations/recommendations.constants.ts";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";
import { HISTORY_ALL_PAGE_SIZE, type HistoricalFilters, historicalPageQuery } from "./historical-query.ts";

/**
 * A row of the lists (latest, historical): the spec's fields and what a card, the table and its CSV show
 * (docs/decisions/151-a-lean-list-row.md). The whole record is a `Recommendation`.
 */
export type RecommendationRow = InferResponseType<typeof api.api.recommendations.latest.$get, 200>[number];

/** One recommendation whole (GET /api/recommendations/{id}): what the dialog shows. */
export type Recommendation = InferResponseType<(typeof api.api.recommendations)[":id"]["$get"], 200>;

export type { HistoricalFilters } from "./historical-query.ts";

export const recommendationKeys = {
  all: rootKeys.recommendations,
  latest: () => [...rootKeys.recommendations, "latest"] as const,
  one: (id: number) => [...rootKeys.recommendations, "one", id] as const,
  historical: (filters: HistoricalFilters) => [...rootKeys.recommendations, "historical", filters] as const,
};

export const latestRecommendationsQueryOptions = () =>
  queryOptions({
    queryKey: recommendationKeys.latest(),
    queryFn: async () => okJson(await api.api.recommendations.latest.$get()),
  });

/** One recommendation with its whole reason (the lists carry a two-line summary): what the dialog shows. */
export const recommendationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: recommendationKeys.one(id),
    queryFn: async () => okJson(await api.api.recommendations[":id"].$get({ param: { id: String(id) } })),
  });

export interface HistoricalPage {
  items: RecommendationRow[];
  /** How many match in all (X-Total-Count). */
  total: number;
  /** How many match on each date of the page (X-Date-Counts): a page may show part of a date's group. */
  dateCounts: Array<[string, number]>;
}

function parseDateCounts(header: string | null): Array<[string, number]> {
  if (!header) return [];
  return header.split(",").flatMap((pair): Array<[string, number]> => {
    const [date, n] = pair.split("=");
    const count = Number(n);
    return date && Number.isInteger(count) ? [[date.trim(), count]] : [];
  });
}

/** A historical search, HISTORY_PAGE_SIZE rows a page, newest first; the next page while rows remain. */
export const historicalRecommendationsQueryOptions = (filters: HistoricalFilters) =>
  infiniteQueryOptions({
    queryKey: recommendationKeys.historical(filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<HistoricalPage> => {
      const res = await api.api.recommendations.historical.$get({
        query: historicalPageQuery(filters, pageParam, HISTORY_PAGE_SIZE),
      });
      const items = await okJson(res);
      const total = Number(res.headers.get("x-total-count"));
      return {
        items,
        total: Number.isInteger(total) && total >= items.length ? total : items.length,
        dateCounts: parseDateCounts(res.headers.get("x-date-counts")),
      };
    },
    getNextPageParam: (last, pages, lastPage) => {
      const shown = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length && shown < last.total ? lastPage + 1 : undefined;
    },
  });

export { HISTORY_ALL_PAGE_SIZE } from "./historical-query.ts";

/**
 * Every recommendation a historical search matches, newest first: the table view sorts and the CSV holds all of
 * them, not the pages the cards have shown. One request reads up to HISTORY_ALL_PAGE_SIZE rows; a longer search
 * asks for the rest at once, in parallel, once X-Total-Count says how many. A row a later page repeats (a write
 * shifted the pages) is kept once.
 */
export const historicalAllQueryOptions = (filters: HistoricalFilters) =>
  queryOptions({
    queryKey: [...recommendationKeys.historical(filters), "all"] as const,
    queryFn: async (): Promise<RecommendationRow[]> => {
      const read = async (page: number) => {
        const res = await api.api.recommendations.historical.$get({
          query: historicalPageQuery(filters, page, HISTORY_ALL_PAGE_SIZE),
        });
        return { items: await okJson(res), total: Number(res.headers.get("x-total-count")) };
      };
      const first = await read(1);
      const pages = Number.isInteger(first.total) ? Math.ceil(first.total / HISTORY_ALL_PAGE_SIZE) : 1;
      const rest =
        first.items.length < HISTORY_ALL_PAGE_SIZE
          ? []
          : await Promise.all(Array.from({ length: pages - 1 }, (_, i) => read(i + 2)));
      const rows = new Map<number, RecommendationRow>();
      for (const { items } of [first, ...rest])
        for (const item of items) if (!rows.has(item.id)) rows.set(item.id, item);
      return [...rows.values()];
    },
  });
