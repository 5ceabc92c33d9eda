import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
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

/**
 * The symbol a symbol field's text stands for, from the search's matches: the text itself when it is a known
 * ticker, else the best-ranked stock whose company name begins with it as whole words ("Apple" is AAPL, as the fields' hint
 * promises), else the text unchanged, for the API to answer.
 */
export function symbolForText(
  text: string,
  matches: ReadonlyArray<{ symbol: string; name: string }>,
): string {
  const typed = text.trim();
  if (matches.some((m) => m.symbol === typed.toUpperCase())) return typed.toUpperCase();
  // Whole words only: "Apple" is Apple Inc., but "F" is not F5, Inc. nor Fiserv (Ford is not a demo stock).
  const lower = typed.toLowerCase();
  const named = matches.find((m) => {
    const name = m.name.toLowerCase();
    return name.startsWith(lower) && !/[a-z0-9]/.test(name.charAt(lower.length));
  });
  return named?.symbol ?? typed.toUpperCase();
}

/** symbolForText on the search's answer; if the search fails, the text as typed goes on to the API. */
export async function resolveSymbol(queryClient: QueryClient, text: string): Promise<string> {
  const matches = await queryClient.fetchQuery(symbolSearchQueryOptions(text)).catch(() => []);
  return symbolForText(text, matches);
}
