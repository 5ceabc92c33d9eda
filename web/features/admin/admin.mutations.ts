import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { formatTime } from "../../lib/format.ts";
import { toastFailure } from "../../lib/mutation-feedback.ts";
import { notify } from "../../lib/notify.ts";
import { rootKeys } from "../../lib/query-keys.ts";

/** A signed-out admin action goes to /api/login (which redirects to /signin) after the Unauthorized toast. */
export const adminMutationMeta = { unauthorizedTo: "/api/login" } as const;

export type NewRecommendation = InferRequestType<typeof api.api.recommendations.$post>["json"];

/**
 * Posting, deleting or generating recommendations changes every view of them (latest, historical, the track
 * record), so each invalidates the whole recommendations root.
 */
function useRecommendationsChange<TInput, TAnswer>(
  run: (input: TInput) => Promise<TAnswer>,
  success: (answer: TAnswer) => void,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: adminMutationMeta,
    onSuccess: (answer) => {
      success(answer);
      return queryClient.invalidateQueries({ queryKey: rootKeys.recommendations });
    },
    onError: toastFailure(failure),
  });
}

export const usePostRecommendation = () =>
  useRecommendationsChange(
    async (input: NewRecommendation) =>
      okJson(await api.api.recommendations.$post({ json: input, query: {} })),
    (answer) =>
      notify(
        "success",
        "Recommendation Posted",
        `${answer.recommendation.symbol} posted for ${answer.usedDate} at ${formatTime(answer.postedAt)}.`,
      ),
    "Failed to add recommendation",
  );

export const useDeleteRecommendations = () =>
  useRecommendationsChange(
    async (date: string) => okJson(await api.api.recommendations[":date"].$delete({ param: { date } })),
    (answer) => notify("success", "Recommendations deleted successfully", answer.message),
    "Failed to delete recommendations",
  );

export const useDeleteRecommendation = () =>
  useRecommendationsChange(
    async (id: number) =>
      okJson(await api.api.recommendations["by-id"][":id"].$delete({ param: { id: String(id) } })),
    (answer) => notify("success", "Recommendation deleted", answer.message),
    "Failed to delete recommendation",
  );

export const useGenerateRecommendations = () =>
  useRecommendationsChange(
    async () => okJson(await api.api.recommendations.generate.$post()),
    (answer) => notify("success", "Recommendations generated", answer.message),
    "Failed to generate recommendations",
  );
