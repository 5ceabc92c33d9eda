import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError, isNetworkFailure, isUnauthorized } from "./api-error.ts";
import { currentUserKey } from "./current-user.queries.ts";
import { notify } from "./notify.ts";
import { type LocalSession, signOutLocally } from "./session.ts";

/** After a query's 401: the cached data is cleared and the browser goes to /signin this much later. */
export const QUERY_UNAUTHORIZED_REDIRECT_MS = 100;
/** After a mutation's 401: the 'Unauthorized' toast shows this long before the browser leaves. */
export const MUTATION_UNAUTHORIZED_REDIRECT_MS = 500;

export interface MutationMeta extends Record<string, unknown> {
  /**
   * Where a 401 sends the browser as a full page load instead of /signin: the admin's actions send it to
   * /api/login, the server's forward to the sign-in page.
   */
  unauthorizedTo?: string;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** A read refused 429 for at most this many seconds (Retry-After) is asked again after them, quietly. */
export const BRIEF_REFUSAL_MAX_SECONDS = 5;
/** How many times a briefly refused read is asked again before its failure shows. */
const BRIEF_REFUSAL_RETRIES = 2;

/** The seconds a 429 asked to wait, when they are few enough to wait out for the person (decision 155). */
function briefRefusalSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === null) return null;
  return error.retryAfterSeconds <= BRIEF_REFUSAL_MAX_SECONDS ? error.retryAfterSeconds : null;
}

/**
 * Queries' retry rule: once when the request got no answer (decision 080); up to twice, after the wait the server
 * named, when a read was refused 429 for a few seconds (the work budget under load, decision 155). Any other answer
 * is not retried: its failure and Retry show at once.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (briefRefusalSeconds(error) !== null) return failureCount < BRIEF_REFUSAL_RETRIES;
  return failureCount < 1 && isNetworkFailure(error);
}

/** How long before a retry: the server's Retry-After for a brief refusal, else a second. */
export function retryQueryDelay(_failureCount: number, error: unknown): number {
  return (briefRefusalSeconds(error) ?? 1) * 1000;
}

/**
 * The app's query client and its one 401 policy, so no feature handles a 401 itself:
 * - a query answered 401 (the session ended elsewhere, or idled out on the server) clears the cache and goes to
 *   /signin 100 ms later, unless the browser is already on a sign-in page. It does so only when the page has a
 *   signed-in user: the current user's query answers null on 401 instead of failing, and a query that started
 *   beside it on the first load (the Latest tab's, issue 43) and was refused leaves a visitor to the layouts'
 *   check, with its 'Unauthorized' toast and the way back after sign-in (decision 024);
 * - a mutation answered 401 shows 'Unauthorized / You are logged out. Logging in again...' and 500 ms later ends the
 *   session here and goes to /signin, or to the mutation's `meta.unauthorizedTo` as a full page load.
 * Queries never refetch on their own; mutations are not retried. A query the server refused (any 4xx or 5xx but a
 * brief 429) is not retried, neither at once nor when a component mounts after its loader's request failed, so the
 * page shows the failure and a Retry straight away; one that got no answer at all is retried once, quietly
 * (decision 080), and one refused 429 for a few seconds is asked again after them (decision 155).
 */
export function createQueryClient(navigate: LocalSession["navigate"]): QueryClient {
  // Several queries of one page fail together when the session ends; one sign-out is enough.
  let leaving = false;
  const leave = (delayMs: number, fullPageTo?: string) => {
    if (leaving) return;
    leaving = true;
    setTimeout(() => {
      leaving = false;
      signOutLocally({ queryClient, navigate }, fullPageTo);
    }, delayMs);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isUnauthorized(error) || window.location.pathname.includes("signin")) return;
        if (!queryClient.getQueryData(currentUserKey)) return;
        leave(QUERY_UNAUTHORIZED_REDIRECT_MS);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isUnauthorized(error)) return;
        notify("error", "Unauthorized", "You are logged out. Logging in again...");
        leave(MUTATION_UNAUTHORIZED_REDIRECT_MS, mutation.meta?.unauthorizedTo);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: retryQuery,
        retryDelay: retryQueryDelay,
        // A loader's prefetch that failed is not asked again when the tab mounts: its error shows at once.
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * A failed ask that stays on screen with its Retry rather than being asked again: any but a visitor's 401, which is
 * dropped so that the tab shows its skeletons, not the refusal, while it is asked again: a loader asks only when this
 * is false (the early asks of main.tsx, decisions 149 and 154, may have been refused before sign-in).
 */
export function keptFailure(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  if (state?.status !== "error") return false;
  if (!isUnauthorized(state.error)) return true;
  queryClient.removeQueries({ queryKey, exact: true });
  return false;
}
