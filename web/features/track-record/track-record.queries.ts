import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type Performance = InferResponseType<typeof api.api.recommendations.performance.$get, 200>;

/** Under the recommendations root: posting or deleting recommendations changes the track record too. */
export const performanceQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.recommendations, "performance"] as const,
    queryFn: async () => okJson(await api.api.recommendations.performance.$get({ query: {} })),
  });
