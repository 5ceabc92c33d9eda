import type { QueryClient } from "@tanstack/react-query";
import { type NavigateOptions, useNavigate, useRouter } from "@tanstack/react-router";
import { recommendationQueryOptions } from "../../features/recommendations/recommendations.queries.ts";

declare module "@tanstack/history" {
  interface HistoryState {
    /** Set when a card of the list below opened this dialog's address, so closing it can step back to the list. */
    openedFromList?: boolean;
  }
}

/**
 * Closes a dialog that is a route over its list (`/dashboard/r/$id`): back to the list's entry when the list opened
 * it (so Back and Forward step list ↔ dialog, not dialog → list → dialog), else (a shared link, a reload of one)
 * to `list` in place of the dialog's address.
 */
export function useCloseDialogRoute(list: NavigateOptions): () => void {
  const router = useRouter();
  const navigate = useNavigate();
  return () => {
    if (router.state.location.state.openedFromList) router.history.back();
    else void navigate({ ...list, replace: true });
  };
}

/**
 * An address's id parameter (a recommendation's, an analysis's) as a number: digits only, as the API reads ids;
 * else NaN, which names nothing (the API answers it 400, which the dialog shows as its load error).
 */
export function addressId(param: string): number {
  return /^[1-9]\d{0,14}$/.test(param) ? Number(param) : Number.NaN;
}

/** A recommendation dialog route's loader: starts the detail's request while the dialog's code loads (not awaited). */
export function prefetchRecommendation(queryClient: QueryClient, param: string): void {
  const id = addressId(param);
  if (!Number.isNaN(id)) void queryClient.prefetchQuery(recommendationQueryOptions(id));
}
