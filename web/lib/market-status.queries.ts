import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { okJson } from "./http-error.ts";
import { rootKeys } from "./query-keys.ts";

/** Whether the app runs on the frozen demo market, and its date; shown in every header, so shared. */
export const marketStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.market, "status"] as const,
    queryFn: async () => okJson(await api.api.market.status.$get()),
    staleTime: 5 * 60_000,
  });
