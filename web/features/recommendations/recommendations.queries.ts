import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/http-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type Recommendation = InferResponseType<typeof api.api.recommendations.latest.$get, 200>[number];

export type HistoricalFilters = InferRequestType<typeof api.api.recommendations.historical.$get>["query"];

export const recommendationKeys = {
  all: rootKeys.recommendations,
  latest: () => [...rootKeys.recommendations, "latest"] as const,
  historical: (filters: HistoricalFilters) => [...rootKeys.recommendations, "historical", filters] as const,
};

export const latestRecommendationsQueryOptions = () =>
  queryOptions({
    queryKey: recommendationKeys.latest(),
    queryFn: async () => okJson(await api.api.recommendations.latest.$get()),
  });

export const historicalRecommendationsQueryOptions = (filters: HistoricalFilters) =>
  queryOptions({
    queryKey: recommendationKeys.historical(filters),
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as HistoricalFilters;
      const res = await api.api.recommendations.historical.$get({ query });
      const items = await okJson(res);
      // The list stops at the newest 500; X-Total-Count says how many matched in all.
      const total = Number(res.headers.get("x-total-count"));
      return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
    },
  });
