import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";

const trackRecord = api.api.recommendations["track-record"];

export type Performance = InferResponseType<typeof trackRecord.$get, 200>;

/**
 * The whole record, public (decision 144): the page reads it signed in or not. Under the recommendations root:
 * posting or deleting recommendations changes the track record too.
 */
export const performanceQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.recommendations, "performance"] as const,
    queryFn: async () => okJson(await trackRecord.$get({ query: {} })),
  });
