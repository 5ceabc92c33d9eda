import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { toastFailure } from "../../lib/mutation-feedback.ts";
import { notify } from "../../lib/notify.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type WatchlistItem = InferResponseType<typeof api.api.watchlist.$get, 200>[number];
type AddInput = InferRequestType<typeof api.api.watchlist.$post>["json"];
type UpdateInput = { id: number } & InferRequestType<(typeof api.api.watchlist)[":id"]["$patch"]>["json"];
type AlertSettingsInput = InferRequestType<typeof api.api.notifications.$put>["json"];
export type SavedAlertSettings = InferResponseType<typeof api.api.notifications.$get, 200>;
export type AlertInbox = InferResponseType<typeof api.api.notifications.alerts.$get, 200>;
export type FiredAlert = AlertInbox["alerts"][number];

export const watchlistKeys = {
  all: rootKeys.watchlist,
  items: () => [...rootKeys.watchlist, "items"] as const,
  alertSettings: () => [...rootKeys.watchlist, "alert-settings"] as const,
  alertInbox: () => [...rootKeys.watchlist, "alert-inbox"] as const,
};

/** Retried as every query is: once on a network failure, never on an answer (decision 080). */
export const watchlistQueryOptions = () =>
  queryOptions({
    queryKey: watchlistKeys.items(),
    queryFn: async () => okJson(await api.api.watchlist.$get()),
  });

/** Where alerts go: email on or off, and an optional signed webhook. */
export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: watchlistKeys.alertSettings(),
    queryFn: async () => okJson(await api.api.notifications.$get()),
  });

/** The fired alerts not dismissed and how many are unseen: the header's bell and its list. */
export const alertInboxQueryOptions = () =>
  queryOptions({
    queryKey: watchlistKeys.alertInbox(),
    queryFn: async () => okJson(await api.api.notifications.alerts.$get()),
  });

/** Marks the listed alerts seen, up to the newest shown: one that fires meanwhile stays unseen. */
export function useMarkAlertsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (throughId: number) =>
      okJson(await api.api.notifications.alerts.seen.$post({ json: { throughId } })),
    onSuccess: (inbox) => queryClient.setQueryData(watchlistKeys.alertInbox(), inbox),
  });
}

export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      okJson(await api.api.notifications.alerts[":id"].$delete({ param: { id: String(id) } })),
    onSuccess: (inbox) => queryClient.setQueryData(watchlistKeys.alertInbox(), inbox),
    onError: toastFailure("Alert not dismissed", "Please try again."),
  });
}

function useWatchlistMutation<TInput>(
  run: (input: TInput) => Promise<unknown>,
  success: string,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      notify("success", success);
      return queryClient.invalidateQueries({ queryKey: watchlistKeys.items() });
    },
    onError: toastFailure(failure),
  });
}

export const useAddToWatchlist = () =>
  useWatchlistMutation(
    async (input: AddInput) => okJson(await api.api.watchlist.$post({ json: input })),
    "Stock Added",
    "Failed to add stock to watchlist",
  );

export const useUpdateWatchlistItem = () =>
  useWatchlistMutation(
    async ({ id, ...json }: UpdateInput) =>
      okJson(await api.api.watchlist[":id"].$patch({ param: { id: String(id) }, json })),
    "Updated",
    "Failed to update watchlist item",
  );

export const useRemoveFromWatchlist = () =>
  useWatchlistMutation(
    async (id: number) => okJson(await api.api.watchlist[":id"].$delete({ param: { id: String(id) } })),
    "Stock Removed",
    "Failed to remove stock from watchlist",
  );

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AlertSettingsInput) =>
      okJson(await api.api.notifications.$put({ json: input })),
    onSuccess: (answer) => {
      queryClient.setQueryData(watchlistKeys.alertSettings(), answer);
      notify("success", "Alert settings saved");
    },
    onError: toastFailure("Alert settings not saved", "Please try again."),
  });
}

/** Mails the signed-in account a code that proves its address: alert emails go only to a proven one. */
export const useRequestEmailVerification = () =>
  useMutation({
    mutationFn: async () => okJson(await api.api.auth["email-verification"].request.$post()),
    onSuccess: () => notify("success", "Code sent"),
    onError: toastFailure("No code sent", "Please try again."),
  });

/** Proves the address with the mailed code; the alert settings then say it is verified. */
export function useConfirmEmailVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: { code: string }) =>
      okJson(await api.api.auth["email-verification"].confirm.$post({ json })),
    onSuccess: (answer) => {
      notify("success", "Email verified", answer.message);
      return queryClient.invalidateQueries({ queryKey: watchlistKeys.alertSettings() });
    },
    onError: toastFailure("Email not verified", "Please try again."),
  });
}
