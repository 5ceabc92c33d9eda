import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/http-error.ts";

export type Performance = InferResponseType<typeof api.api.recommendations.performance.$get, 200>;

export const performanceQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/recommendations/performance"],
    queryFn: async () => okJson(await api.api.recommendations.performance.$get({ query: {} })),
  });
