import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { notify } from "../../lib/notify.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type Insight = InferResponseType<typeof api.api.insights.history.$get, 200>[number];

export const insightKeys = {
  all: rootKeys.insights,
  history: () => [...rootKeys.insights, "history"] as const,
};

export const insightHistoryQueryOptions = () =>
  queryOptions({
    queryKey: insightKeys.history(),
    queryFn: async () => okJson(await api.api.insights.history.$get({ query: {} })),
  });

type AnalyzeInput = InferRequestType<typeof api.api.insights.analyze.$post>["json"];

/**
 * Runs an analysis; on success every insight view is refreshed and the toast says 'Analysis Complete!'. The toast is
 * here, not in the form: the mutation's own callbacks run even after the form unmounts (the view switched to the
 * history, or the person went elsewhere while it ran), and the toast container is global.
 */
export function useAnalyzeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AnalyzeInput) => okJson(await api.api.insights.analyze.$post({ json: input })),
    onSuccess: (insight) => {
      // Where the result is, wherever the person now is (the tab itself, after the spec's switch to it).
      notify("success", "Analysis Complete!", `${insight.symbol}: saved to your Analysis History.`);
      return queryClient.invalidateQueries({ queryKey: insightKeys.all });
    },
  });
}
