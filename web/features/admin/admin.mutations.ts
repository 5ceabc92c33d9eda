import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { isUnauthorized, okJson, serverMessage } from "../../lib/http-error.ts";
import { notify } from "../../lib/notify.ts";

/** Spec section 8: an unauthorized admin action toasts, then goes to /api/login (which redirects to /signin). */
export function handleAdminError(error: Error, failure: string) {
  if (isUnauthorized(error)) {
    notify("error", "Unauthorized", "You are logged out. Logging in again...");
    setTimeout(() => window.location.assign("/api/login"), 500);
    return;
  }
  notify("error", failure, serverMessage(error) ?? undefined);
}

export interface NewRecommendation {
  symbol: string;
  buyPrice: number;
  sellTarget: number;
  confidence: number;
  estimatedDate: string;
  reason: string;
}

export function usePostRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewRecommendation) =>
      okJson(await api.api.recommendations.$post({ json: input, query: {} })),
    onSuccess: (answer) => {
      notify(
        "success",
        "Recommendation Posted",
        `${answer.recommendation.symbol} posted for ${answer.usedDate} at ${new Date(answer.postedAt).toLocaleTimeString()}.`,
      );
      return queryClient.invalidateQueries({ queryKey: ["/api/recommendations/latest"] });
    },
    onError: (error) => handleAdminError(error, "Failed to add recommendation"),
  });
}

export function useDeleteRecommendations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) =>
      okJson(await api.api.recommendations[":date"].$delete({ param: { date } })),
    onSuccess: (answer) => {
      notify("success", "Recommendations deleted successfully", answer.message);
      return queryClient.invalidateQueries({ queryKey: ["/api/recommendations/latest"] });
    },
    onError: (error) => handleAdminError(error, "Failed to delete recommendations"),
  });
}

export function useGenerateRecommendations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => okJson(await api.api.recommendations.generate.$post()),
    onSuccess: (answer) => {
      notify("success", "Recommendations generated", answer.message);
      return queryClient.invalidateQueries({ queryKey: ["/api/recommendations/latest"] });
    },
    onError: (error) => handleAdminError(error, "Failed to generate recommendations"),
  });
}
