import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { ApiError, okJson } from "../../lib/api-error.ts";
import { toastFailure } from "../../lib/mutation-feedback.ts";
import { notify } from "../../lib/notify.ts";
import { rootKeys } from "../../lib/query-keys.ts";
import { adminMutationMeta } from "./admin.mutations.ts";

export type AdminUser = InferResponseType<typeof api.api.admin.users.$get, 200>[number];
export const USERS_PAGE_SIZE = 25;

export const adminUserKeys = {
  all: rootKeys.adminUsers,
  page: (q: string, page: number) => [...rootKeys.adminUsers, "list", { q, page }] as const,
  sessions: (id: number) => [...rootKeys.adminUsers, id, "sessions"] as const,
};

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.page(q, page),
    queryFn: async () => {
      const res = await api.api.admin.users.$get({
        query: { q: q || undefined, page: String(page), pageSize: String(USERS_PAGE_SIZE) },
      });
      if (!res.ok) throw await ApiError.of(res);
      return { users: await res.json(), total: Number(res.headers.get("x-total-count") ?? 0) };
    },
    placeholderData: keepPreviousData,
  });

export const userSessionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.sessions(id),
    queryFn: async () =>
      okJson(await api.api.admin.users[":id"].sessions.$get({ param: { id: String(id) } })),
    staleTime: 0,
  });

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; active: boolean }) =>
      okJson(
        await api.api.admin.users[":userId"].status.$patch({
          param: { userId: String(input.id) },
          json: { isActive: input.active },
        }),
      ),
    meta: adminMutationMeta,
    onSuccess: (answer) => {
      notify("success", answer.message);
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: toastFailure("Failed to update user status"),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      okJson(await api.api.admin.users[":id"].$delete({ param: { id: String(id) } })),
    meta: adminMutationMeta,
    onSuccess: () => {
      notify("success", "User deleted successfully");
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: toastFailure("Failed to delete user"),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      okJson(await api.api.admin.sessions[":id"].end.$post({ param: { id: String(id) } })),
    meta: adminMutationMeta,
    onSuccess: (answer) => {
      notify("success", answer.message);
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: toastFailure("Failed to end the session"),
  });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; isAdmin: boolean }) =>
      okJson(
        await api.api.admin.users[":userId"].role.$patch({
          param: { userId: String(input.id) },
          json: { isAdmin: input.isAdmin },
        }),
      ),
    meta: adminMutationMeta,
    onSuccess: (answer) => {
      notify("success", answer.message);
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: toastFailure("Failed to change the role"),
  });
}

/** The answer holds the temporary password: it lives only in this mutation's state, shown once, never cached. */
export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      okJson(await api.api.admin.users[":userId"]["reset-password"].$post({ param: { userId: String(id) } })),
    meta: adminMutationMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    onError: toastFailure("Failed to reset the password"),
  });
}
