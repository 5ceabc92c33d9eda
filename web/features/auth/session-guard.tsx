import { useQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { currentUserQueryOptions } from "../../lib/current-user.queries.ts";
import { signOut, useLocalSession } from "../../lib/session.ts";
import { useIdleTimeout } from "./idle-timeout.tsx";

/** Mounted once at the root: the idle timeout for a signed-in user anywhere but the sign-in page. */
export function SessionGuard() {
  // Observes the user the layout routes fetched; refetching on mount would only ask the server a second time.
  const { data: user } = useQuery({ ...currentUserQueryOptions(), refetchOnMount: false });
  const pathname = useLocation({ select: (l) => l.pathname });
  const session = useLocalSession();
  useIdleTimeout(Boolean(user) && !pathname.includes("signin"), () => signOut(session));
  return null;
}
