import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { currentUserKey } from "../../lib/current-user.queries.ts";
import { toastFailure } from "../../lib/mutation-feedback.ts";
import { notify } from "../../lib/notify.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type AccountSession = InferResponseType<typeof api.api.auth.sessions.$get, 200>[number];
type ChangePasswordRequest = InferRequestType<(typeof api.api.auth)["change-password"]["$post"]>["json"];

export const accountKeys = {
  all: rootKeys.account,
  sessions: () => [...rootKeys.account, "sessions"] as const,
  email: () => [...rootKeys.account, "email"] as const,
};

/** The account's open sessions, this one first; read afresh whenever the page opens (others sign in meanwhile). */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: async () => okJson(await api.api.auth.sessions.$get()),
    staleTime: 0,
  });

/** The account's email address and whether it is proven (the alert settings' answer carries both). */
export const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.email(),
    queryFn: async () => {
      const settings = await okJson(await api.api.notifications.$get());
      return { emailAddress: settings.emailAddress, emailVerified: settings.emailVerified };
    },
    staleTime: 0,
  });

/**
 * Changes the password. The server signs out the other sessions and replaces the API key, so the sessions and the
 * current user (which carries the key) are read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: ChangePasswordRequest) =>
      okJson(await api.api.auth["change-password"].$post({ json })),
    onSuccess: async (answer) => {
      notify("success", "Password Changed", answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]);
    },
    onError: toastFailure("Password Not Changed", "Please try again."),
  });
}

/** Signs out every session of the account but this one. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => okJson(await api.api.auth.sessions["revoke-others"].$post()),
    onSuccess: async (answer) => {
      notify("success", "Other Sessions Signed Out", answer.message);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
    onError: toastFailure("Sessions Not Signed Out", "Please try again."),
  });
}

/** Mails the account a code that proves its address (entered in the watchlist's alert settings). */
export const useRequestEmailVerification = () =>
  useMutation({
    mutationFn: async () => okJson(await api.api.auth["email-verification"].request.$post()),
    onSuccess: (answer) => notify("success", "Code sent", answer.message),
    onError: toastFailure("No code sent", "Please try again."),
  });
