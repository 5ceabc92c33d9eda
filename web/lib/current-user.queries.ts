import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { ApiError } from "./api-error.ts";
import { getStoredToken, removeStoredToken } from "./auth-token.ts";

export const currentUserKey = ["/api/auth/user"] as const;

async function fetchCurrentUser() {
  const sent = getStoredToken();
  const res = await api.api.auth.user.$get();
  // Every answer's body is read: Chromium keeps an unread `no-store` answer's request open (decision 087).
  if (res.status === 401) {
    await res.text();
    // The token that went with the request is dead. One stored since (a sign-in while this was on its way) is not.
    if (sent && getStoredToken() === sent) removeStoredToken();
    return null;
  }
  if (res.ok) return res.json();
  // This call's failures read "status: statusText", not the body, unlike every other call.
  const raw = res as unknown as Response;
  await raw.text();
  throw new ApiError(raw.status, "", raw.statusText);
}

/**
 * The signed-in user, or null when signed out (a 401 answers null, so it never reaches the query client's 401
 * policy). Stale at once (stale time 0), so a mounted reader refreshes it, and never retried. The layout routes'
 * `beforeLoad` reads it with `ensureQueryData`, which answers the cached value without a request; sign-in, sign-out
 * and registration write or refetch it, so the cache is what the next navigation checks. It lives in web/lib
 * because routes, the shared header's sign-out and several features read it.
 */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0, retry: false });

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof fetchCurrentUser>>>;
