import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { api } from "../../lib/api-client.ts";
import { hasCode, okJson, serverMessage } from "../../lib/api-error.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { currentUserKey, currentUserQueryOptions } from "../../lib/current-user.queries.ts";
import { notify } from "../../lib/notify.ts";
import { safeRedirectPath } from "../../lib/redirect-path.ts";

/** The inactive-account toast stays twice the default, long enough to read who to contact. */
export const INACTIVE_TOAST_MS = 10_000;

/**
 * Signs in, then opens the page a guard sent the visitor from (the sign-in route's `redirect`, a same-origin path),
 * else /dashboard as the spec says.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search: { redirect?: unknown } = useSearch({ strict: false });
  // Checked again here, not only by the route: whatever the search holds, sign-in never leaves this site.
  const redirectTo = safeRedirectPath(search.redirect);
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) =>
      okJson(await api.api.auth.signin.$post({ json: input })),
    onSuccess: async (answer) => {
      const { authToken, ...user } = answer.user;
      // A visitor's check still on its way would answer null over the user just signed in (issue 38).
      await queryClient.cancelQueries({ queryKey: currentUserKey });
      storeToken(authToken);
      queryClient.setQueryData(currentUserKey, user);
      notify("success", "Success", "Signed in successfully!");
      void (redirectTo ? navigate({ href: redirectTo, replace: true }) : navigate({ to: "/dashboard" }));
    },
    onError: (error) => {
      if (hasCode(error, "ACCOUNT_INACTIVE")) {
        notify(
          "error",
          "Account Inactive",
          "Your account is inactive. Please contact administrators to activate it.",
          INACTIVE_TOAST_MS,
        );
        return;
      }
      notify(
        "error",
        "Sign In Failed",
        serverMessage(error) ?? "Please check your credentials and try again.",
      );
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: { email: string; password: string; firstName?: string; lastName?: string }) =>
      okJson(await api.api.auth.register.$post({ json: input })),
    onSuccess: async (answer) => {
      await queryClient.cancelQueries({ queryKey: currentUserKey });
      storeToken(answer.user.authToken);
      // The layout routes read the cached user: fetch it before going to /, which then shows the dashboard.
      await queryClient.fetchQuery(currentUserQueryOptions());
      notify("success", "Account created successfully!");
      void navigate({ to: "/" });
    },
    onError: (error) => notify("error", "Registration Failed", serverMessage(error) ?? "Please try again."),
  });
}
