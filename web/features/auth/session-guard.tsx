import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { api } from "../../lib/api-client.ts";
import { removeStoredToken } from "../../lib/auth-token.ts";
import { currentUserKey, currentUserQueryOptions } from "./auth.queries.ts";
import { useIdleTimeout } from "./idle-timeout.tsx";

/** Mounted once at the root: the idle timeout for a signed-in user anywhere but the sign-in page. */
export function SessionGuard() {
  const { data: user } = useQuery(currentUserQueryOptions());
  const pathname = useLocation({ select: (l) => l.pathname });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useIdleTimeout(Boolean(user) && !pathname.includes("signin"), async () => {
    try {
      await api.api.auth.logout.$post();
    } finally {
      removeStoredToken();
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      void navigate({ to: "/signin" });
    }
  });
  return null;
}
