import { z } from "@hono/zod-openapi";

/** Suggestions answered when `limit` is not sent, and the most a caller may ask for. */
export const SYMBOL_SEARCH_DEFAULT_LIMIT = 10;
export const SYMBOL_SEARCH_MAX_LIMIT = 50;

export const SymbolSearchQuery = z.object({
  q: z
    .string({ error: "Send q: the start of a symbol or company name, e.g. q=app." })
    .trim()
    .min(1, "Type at least one character of a symbol or company name, e.g. q=app.")
    .max(40, "Search with 40 characters at most.")
    .openapi({ example: "app", description: "Part of a symbol or company name, 1-40 characters (trimmed)" }),
  limit: z.coerce
    .number({ error: `limit is a whole number from 1 to ${SYMBOL_SEARCH_MAX_LIMIT}.` })
    .int(`limit is a whole number from 1 to ${SYMBOL_SEARCH_MAX_LIMIT}.`)
    .min(1, `limit is a whole number from 1 to ${SYMBOL_SEARCH_MAX_LIMIT}.`)
    .max(SYMBOL_SEARCH_MAX_LIMIT, `limit is ${SYMBOL_SEARCH_MAX_LIMIT} at most.`)
    .default(SYMBOL_SEARCH_DEFAULT_LIMIT)
    .openapi({
      type: "integer",
      example: 10,
      description: `Most suggestions answered, 1-${SYMBOL_SEARCH_MAX_LIMIT}`,
    }),
});

export const SymbolMatch = z
  .object({
    symbol: z.string().openapi({ example: "AAPL" }),
    name: z.string().openapi({ example: "Apple Inc." }),
  })
  .openapi("SymbolMatch");

export type SymbolMatch = z.infer<typeof SymbolMatch>;
