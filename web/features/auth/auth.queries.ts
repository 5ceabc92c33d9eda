import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { getStoredToken, removeStoredToken } from "../../lib/auth-token.ts";

export const currentUserKey = ["/api/auth/user"] as const;

async function fetchCurrentUser() {
  const res = await api.api.auth.user.$get();
  if (res.status === 401) {
    // The stored bearer token went with the request; still refused, so it is dead.
    if (getStoredToken()) removeStoredToken();
    return null;
  }
  if (res.ok) return res.json();
  // Other failures use "status: statusText" for this call (spec section 8).
  const raw = res as unknown as Response;
  throw new Error(`${raw.status}: ${raw.statusText}`);
}

/** The signed-in user, or null when signed out. Never cached (stale time 0) and never retried. */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0, retry: false });

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof fetchCurrentUser>>>;
