import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { okJson } from "./api-error.ts";
import { rootKeys } from "./query-keys.ts";

/** Suggestions a symbol field shows at most. */
export const SYMBOL_SUGGESTIONS = 8;

/**
 * Symbols whose ticker or company name match what was typed, best first (GET /api/market/symbols, decision 042).
 * Market data, so under the market root; the query is keyed as typed, trimmed and lower-cased.
 */
export const symbolSearchQueryOptions = (q: string, limit = SYMBOL_SUGGESTIONS) => {
  const key = q.trim().toLowerCase();
  return queryOptions({
    queryKey: [...rootKeys.market, "symbols", key, limit] as const,
    queryFn: async () =>
      okJson(await api.api.market.symbols.$get({ query: { q: key, limit: String(limit) } })),
    enabled: key.length > 0,
    // While the next keystroke's answer loads, the last list stays instead of the dropdown emptying.
    placeholderData: keepPreviousData,
  });
};
