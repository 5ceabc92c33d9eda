import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/http-error.ts";

export type Insight = InferResponseType<typeof api.api.insights.history.$get, 200>[number];

export const insightHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/insights/history"],
    queryFn: async () => okJson(await api.api.insights.history.$get({ query: {} })),
  });

/** Runs an analysis; on success the history is refreshed. */
export function useAnalyzeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (symbol: string) => okJson(await api.api.insights.analyze.$post({ json: { symbol } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightHistoryQueryOptions().queryKey }),
  });
}
