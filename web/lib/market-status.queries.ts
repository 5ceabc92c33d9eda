import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { okJson } from "./api-error.ts";
import { rootKeys } from "./query-keys.ts";

/** Whether the app runs on the frozen demo market, and its date; shown in every header, so shared. */
export const marketStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.market, "status"] as const,
    queryFn: async () => okJson(await api.api.market.status.$get()),
    staleTime: 5 * 60_000,
  });

/** `YYYY-MM-DD` of a local date. */
export function isoLocalDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The app's today: on the demo market, the market's date (its prices stop there, so a range ending on the wall
 * clock's today would be empty); on live data, the viewer's calendar date. Decision 035.
 */
export function marketToday(
  status: { demo: boolean; asOf: string | null } | undefined,
  now = new Date(),
): string {
  return status?.demo && status.asOf ? status.asOf.slice(0, 10) : isoLocalDate(now);
}

/** The app's today for a component (the wall clock's until the market status has loaded). */
export function useMarketToday(): string {
  const { data } = useQuery(marketStatusQueryOptions());
  return marketToday(data);
}

/** A year of closes with moving averages for a symbol's charts; market data, so under the market root. */
export const priceHistoryQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: [...rootKeys.market, "history", symbol] as const,
    queryFn: async () => okJson(await api.api.market.history[":symbol"].$get({ param: { symbol } })),
  });
