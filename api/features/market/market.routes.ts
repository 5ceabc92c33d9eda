import { createRoute, z } from "@hono/zod-openapi";
import { calendarDate, dollars } from "../../lib/answer-fields.ts";
import { keptAnswer } from "../../lib/kept-answer.ts";
import { MARKET_SOURCES } from "../../lib/market-port.ts";
import {
  createRouter,
  errorResponses,
  jsonResponse,
  notModifiedResponse,
  signedIn,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { symbol } from "../../lib/validation.ts";
import { requireUser } from "../../middleware/auth.ts";
import { SymbolMatch, SymbolSearchQuery } from "./market.schema.ts";
import { marketStatus, priceHistory, searchableSymbols } from "./market.service.ts";
import { rankSymbols } from "./symbol-ranking.ts";

/** Searches whose answers are kept per market data version, across users (a few hundred bytes each). */
const SEARCHES_KEPT = 256;

const History = z
  .object({
    symbol: z.string(),
    asOf: calendarDate("the market's today"),
    points: z.array(
      z.object({
        date: calendarDate(),
        close: dollars("the day's close"),
        sma50: dollars("the 50-day average close; null before 50 days").nullable(),
        sma200: dollars("the 200-day average close; null before 200 days").nullable(),
      }),
    ),
  })
  .openapi("PriceHistory");

const history = createRoute({
  method: "get",
  path: "/history/{symbol}",
  operationId: "getPriceHistory",
  tags: ["Market data"],
  security: signedIn,
  summary: "The last year of daily closes with the 50- and 200-day averages (for charts)",
  middleware: [requireUser] as const,
  request: { params: z.object({ symbol }) },
  responses: { 200: jsonResponse(History, "Price history"), ...errorResponses(400, 401, 404, 503) },
});

const Status = z
  .object({
    source: z.enum(MARKET_SOURCES).openapi({
      description:
        "demo: bundled history frozen at its date; yahoo or finnhub: live; none: no market data yet",
    }),
    demo: z.boolean(),
    asOf: calendarDate("the market's today (the demo data's date); null without market data").nullable(),
  })
  .openapi("MarketStatus");

const status = createRoute({
  method: "get",
  path: "/status",
  operationId: "getMarketStatus",
  tags: ["Market data"],
  security: [],
  summary: "Where market data comes from and the market's date (the UI's 'Demo data as of' badge)",
  responses: { 200: jsonResponse(Status, "Market data source") },
});

const symbols = createRoute({
  method: "get",
  path: "/symbols",
  operationId: "searchSymbols",
  tags: ["Market data"],
  security: signedIn,
  summary:
    "Symbols whose ticker or company name match q: exact symbol, symbol prefix, name word prefix, then fuzzy",
  middleware: [requireUser] as const,
  request: { query: SymbolSearchQuery },
  responses: {
    200: jsonResponse(
      z.array(SymbolMatch),
      "Matching securities, best first (an empty list when none match)",
    ),
    ...notModifiedResponse,
    ...errorResponses(400, 401, 503),
  },
});

export const marketRoutes = createRouter()
  .openapi(status, (c) => c.json(marketStatus(c.get("deps")), 200))
  .openapi(symbols, (c) => {
    const { q, limit } = c.req.valid("query");
    // The list is read once per market data version (a write to `securities` bumps it), not per keystroke.
    return keptAnswer(c, {
      slot: "symbol answers",
      dependsOn: ["market"],
      key: `${q}\n${limit}`,
      keep: SEARCHES_KEPT,
      part: { slot: "symbol list", dependsOn: ["market"], compute: () => searchableSymbols(c.get("deps")) },
      compute: async (list) => ({ body: rankSymbols(q, list, limit) }),
    });
  })
  .openapi(history, async (c) => {
    const result = await priceHistory(c.get("deps"), c.req.valid("param").symbol);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 200);
  });
