import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { currentUserKey, currentUserQueryOptions } from "../../lib/current-user.queries.ts";
import { signOut, useLocalSession } from "../../lib/session.ts";
import { useIdleTimeout } from "./idle-timeout.tsx";

/** Mounted once at the root: the idle timeout for a signed-in user anywhere but the sign-in page. */
export function SessionGuard() {
  // Observes the user the layout routes fetched; refetching on mount would only ask the server a second time.
  const { data: user } = useQuery({ ...currentUserQueryOptions(), refetchOnMount: false });
  const pathname = useLocation({ select: (l) => l.pathname });
  const session = useLocalSession();
  const queryClient = useQueryClient();
  useIdleTimeout(
    Boolean(user) && !pathname.includes("signin"),
    () => signOut(session),
    // "Stay signed in": one request, so the server's idle clock restarts as the page's does.
    () => queryClient.refetchQueries({ queryKey: currentUserKey }),
  );
  return null;
}
