import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type Preregistration = InferResponseType<typeof api.api.preregistration.$get, 200>;

/** Under the recommendations root: a new live call can add a collected week. */
export const preregistrationQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.recommendations, "preregistration"] as const,
    queryFn: async () => okJson(await api.api.preregistration.$get()),
  });
