import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/http-error.ts";

export type Recommendation = InferResponseType<typeof api.api.recommendations.latest.$get, 200>[number];

export interface HistoricalFilters {
  fromDate?: string;
  toDate?: string;
  symbol?: string;
  aggressive?: "aggressive" | "non-aggressive";
}

export const latestRecommendationsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/recommendations/latest"],
    queryFn: async () => okJson(await api.api.recommendations.latest.$get()),
  });

export const historicalRecommendationsQueryOptions = (filters: HistoricalFilters) =>
  queryOptions({
    queryKey: ["/api/recommendations/historical", filters],
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as HistoricalFilters;
      return okJson(await api.api.recommendations.historical.$get({ query }));
    },
  });
