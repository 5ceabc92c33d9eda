import { createRoute, z } from "@hono/zod-openapi";
import { SYMBOL_MAX_LENGTH } from "../../lib/fields.constants.ts";
import { keptAnswer, keptValue } from "../../lib/kept-answer.ts";
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  notModifiedResponse,
  rateLimitHeaders,
  signedIn,
  totalCountHeader,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { keptUniverseRanks } from "../../lib/universe-ranks.ts";
import { requireUser } from "../../middleware/auth.ts";
import { consumeRateLimit, enterWorkBudget, setRateLimitHeaders } from "../../middleware/rate-limit.ts";
import { AnalyzeInput, HistoryQuery, Insight } from "./insights.schema.ts";
import { insightHistory, saveAnalysis } from "./insights.service.ts";

/** Symbols whose engine figures are kept per prices stamp: the demo universe's ~500 fit. */
const ANALYSES_KEPT = 1024;
/** Pages of analysis history kept, across users. */
const PAGES_KEPT = 256;

/** Analyses a user may request per minute. */
export const ANALYSES_PER_MINUTE = 30;

const tags = ["Insights"];

const analyze = createRoute({
  operationId: "analyzeSymbol",
  method: "post",
  path: "/analyze",
  tags,
  security: signedIn,
  summary: "Analyse a symbol now and keep the result in your history",
  description:
    `Symbol: 1-${SYMBOL_MAX_LENGTH} characters (letters, digits, '.', '-', '^'). At most ${ANALYSES_PER_MINUTE} analyses a minute, and ` +
    "two running at once per user.",
  middleware: [requireUser] as const,
  request: { body: jsonBody(AnalyzeInput) },
  responses: {
    201: { ...jsonResponse(Insight, "The analysis"), headers: rateLimitHeaders },
    ...errorResponses(400, 401, 404, 429, 503),
  },
});

const history = createRoute({
  operationId: "listInsightHistory",
  method: "get",
  path: "/history",
  tags,
  security: signedIn,
  summary: "Your analyses, newest first (X-Total-Count has the total)",
  middleware: [requireUser] as const,
  request: { query: HistoryQuery },
  responses: {
    200: { ...jsonResponse(z.array(Insight), "One page of your analyses"), headers: totalCountHeader },
    ...notModifiedResponse,
    ...errorResponses(400, 401, 503),
  },
});

export const insightRoutes = createRouter()
  .openapi(analyze, async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const { symbol } = c.req.valid("json");
    // Every analysis takes a place in the user's share (decision 095): each one writes, kept figures or not.
    const place = enterWorkBudget(c);
    try {
      const limit = await consumeRateLimit(
        deps.database.db,
        `analyze:user:${user.id}`,
        ANALYSES_PER_MINUTE,
        60_000,
        deps.clock.now().getTime(),
      );
      setRateLimitHeaders(c, limit);
      if (!limit.allowed) {
        throw new ApiFailure(429, {
          message: `You can run ${ANALYSES_PER_MINUTE} analyses a minute; try again in ${limit.retryAfterSeconds} seconds.`,
          code: "RATE_LIMITED",
        });
      }
      const { analysis } = deps;
      if (!analysis) {
        throw new ApiFailure(503, {
          message: "Analysis is not available on this server.",
          code: "UNAVAILABLE",
        });
      }
      // The engine's figures for a symbol change only with the prices (the demo market's: once per market version;
      // a live market's are not kept), and the universe it ranks the symbol in only with the market data.
      const figures = await keptValue(
        c,
        "analyses",
        ["prices"],
        symbol,
        () => analysis.analyze(symbol, keptUniverseRanks(c)),
        ANALYSES_KEPT,
      );
      return c.json(await saveAnalysis(deps, user.id, figures), 201);
    } finally {
      place.release();
    }
  })
  .openapi(history, (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { id, listsVersion } = c.get("user");
    // Kept under the user's lists version, bumped by any write to their analyses in any process (decision 027).
    return keptAnswer(c, {
      slot: "insight history answers",
      dependsOn: [],
      key: `${id}:${listsVersion}:${page}:${pageSize}`,
      keep: PAGES_KEPT,
      compute: async () => {
        const { items, total } = await insightHistory(c.get("deps"), id, page, pageSize);
        return { body: items, headers: { "X-Total-Count": String(total) } };
      },
    });
  });
