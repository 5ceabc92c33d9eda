import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { okJson } from "../../lib/api-error.ts";
import { rootKeys } from "../../lib/query-keys.ts";

/** The recommendations of one date, for the delete confirmation's count; under the recommendations root. */
export const recommendationsOnDateQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...rootKeys.recommendations, "on-date", date] as const,
    queryFn: async () =>
      okJson(await api.api.recommendations.historical.$get({ query: { fromDate: date, toDate: date } })),
    staleTime: 0,
  });
