import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { removeStoredToken } from "./auth-token.ts";
import { isUnauthorized } from "./http-error.ts";

/** Delay before a signed-out browser is sent to /signin after a 401 (spec section 2). */
export const UNAUTHORIZED_REDIRECT_MS = 100;

/** Clears cached data and, unless already on the sign-in page, goes to /signin after 100 ms. */
export function handleUnauthorized(queryClient: QueryClient, navigate: (to: string) => void): void {
  if (window.location.pathname.includes("signin")) return;
  removeStoredToken();
  queryClient.clear();
  setTimeout(() => navigate("/signin"), UNAUTHORIZED_REDIRECT_MS);
}

/**
 * Queries never refetch on their own and are not retried; mutations are not retried (spec section 9).
 * Queries that return null on 401 (the current user) never throw one, so they never reach this handler.
 */
export function createQueryClient(navigate: (to: string) => void): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) handleUnauthorized(queryClient, navigate);
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
