import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";

export const outboxKey = ["admin-outbox"] as const;

/** The local mail outbox (decision 084): read fresh on every visit, since mail arrives without any action here. */
export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: outboxKey,
    queryFn: async () => okJson(await api.api.admin.outbox.$get()),
    staleTime: 0,
  });
