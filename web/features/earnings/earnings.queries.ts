import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";

export type EarningsEntry = InferResponseType<
  (typeof api.api)["earnings-calendar"]["$get"],
  200
>["earnings"][number];

export const earningsCalendarQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.earnings, "calendar"] as const,
    queryFn: async () => okJson(await api.api["earnings-calendar"].$get()),
  });
