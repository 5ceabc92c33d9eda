import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "./api-client.ts";
import { removeStoredToken } from "./auth-token.ts";
import { currentUserKey } from "./current-user.queries.ts";

/** What ending the session in this browser needs: the cache to empty and a way to the sign-in page. */
export interface LocalSession {
  queryClient: QueryClient;
  /** A client-side navigation to an app path. */
  navigate: (to: "/signin") => void;
}

/**
 * Ends the session in this browser, the one way logout, the idle timeout and a 401 all do it: the stored token
 * goes, every cached answer goes, the current user becomes null (so the next layout check sees a visitor), then
 * the browser goes to /signin, or, given `fullPageTo`, loads that address as a new page (the admin's /api/login).
 */
export function signOutLocally(session: LocalSession, fullPageTo?: string): void {
  removeStoredToken();
  session.queryClient.clear();
  session.queryClient.setQueryData(currentUserKey, null);
  if (fullPageTo) window.location.assign(fullPageTo);
  else session.navigate("/signin");
}

/** The session of the rendering tree, for `signOutLocally`. */
export function useLocalSession(): LocalSession {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return { queryClient, navigate: (to) => void navigate({ to }) };
}

/** Signs out on the server; whatever it answers, the session then ends here too and the browser goes to /signin. */
export async function signOut(session: LocalSession): Promise<void> {
  try {
    await api.api.auth.logout.$post();
  } finally {
    signOutLocally(session);
  }
}

/** The Logout button's action (pending while the server answers). */
export function useSignOut() {
  const session = useLocalSession();
  return useMutation({
    mutationFn: () => api.api.auth.logout.$post(),
    onSettled: () => signOutLocally(session),
  });
}
