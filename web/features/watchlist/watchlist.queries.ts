import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { isUnauthorized, okJson, serverMessage } from "../../lib/http-error.ts";
import { notify } from "../../lib/notify.ts";

export type WatchlistItem = InferResponseType<typeof api.api.watchlist.$get, 200>[number];

/** The watchlist is the one query retried: up to 3 times, unless unauthorized (spec section 9). */
export const watchlistQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/watchlist"],
    queryFn: async () => okJson(await api.api.watchlist.$get()),
    retry: (failures, error) => !isUnauthorized(error) && failures < 3,
  });

function useWatchlistMutation<TInput>(
  run: (input: TInput) => Promise<unknown>,
  success: string,
  failure: string,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      notify("success", success);
      return queryClient.invalidateQueries({ queryKey: watchlistQueryOptions().queryKey });
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        notify("error", "Unauthorized", "You are logged out. Logging in again...");
        setTimeout(() => void navigate({ to: "/signin" }), 500);
        return;
      }
      notify("error", failure, serverMessage(error) ?? undefined);
    },
  });
}

export const useAddToWatchlist = () =>
  useWatchlistMutation(
    async (input: { symbol: string; purchasePrice?: number | null; targetChangePercent: number }) =>
      okJson(await api.api.watchlist.$post({ json: input })),
    "Stock Added",
    "Failed to add stock to watchlist",
  );

export const useUpdateWatchlistItem = () =>
  useWatchlistMutation(
    async (input: { id: number; purchasePrice: number | null; targetChangePercent: number }) =>
      okJson(
        await api.api.watchlist[":id"].$patch({
          param: { id: String(input.id) },
          json: { purchasePrice: input.purchasePrice, targetChangePercent: input.targetChangePercent },
        }),
      ),
    "Updated",
    "Failed to update watchlist item",
  );

export const useRemoveFromWatchlist = () =>
  useWatchlistMutation(
    async (id: number) => okJson(await api.api.watchlist[":id"].$delete({ param: { id: String(id) } })),
    "Stock Removed",
    "Failed to remove stock from watchlist",
  );
