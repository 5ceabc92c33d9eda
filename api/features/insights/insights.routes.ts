import { createRoute, z } from "@hono/zod-openapi";
import { kept, notModified } from "../../lib/answer-cache.ts";
import { SYMBOL_MAX_LENGTH } from "../../lib/fields.constants.ts";
import { keepJson, sendKept } from "../../lib/kept-answer.ts";
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
import { requireUser } from "../../middleware/auth.ts";
import { consumeRateLimit, setRateLimitHeaders, withinWorkBudget } from "../../middleware/rate-limit.ts";
import { AnalyzeInput, HistoryQuery, Insight } from "./insights.schema.ts";
import { analyzeSymbol, insightHistory } from "./insights.service.ts";

/** Symbols whose engine figures are kept per prices stamp: the demo universe's ~500 fit. */
const ANALYSES_KEPT = 1024;
/** Dates whose scored universe is kept per market data version (each is a few hundred stocks' features). */
const UNIVERSE_DATES_KEPT = 2;
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
  .openapi(analyze, (c) =>
    // Every analysis counts toward the user's share (decision 095): each one writes, kept figures or not.
    withinWorkBudget(c, async () => {
      const deps = c.get("deps");
      const user = c.get("user");
      const { symbol } = c.req.valid("json");
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
      // The engine's figures for a symbol change only with the prices (the demo market's: once per market version;
      // a live market's are not kept), and the universe it ranks the symbol in only with the market data.
      const result = await analyzeSymbol(deps, user.id, (analysis) =>
        kept(
          c,
          "analyses",
          ["prices"],
          symbol,
          () =>
            analysis.analyze(symbol, (date, score) =>
              kept(c, "universe ranks", ["market"], date, score, UNIVERSE_DATES_KEPT),
            ),
          ANALYSES_KEPT,
        ),
      );
      if (!result.ok) throw ApiFailure.of(result);
      return c.json(result.value, 201);
    }),
  )
  .openapi(history, async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { id, listsVersion } = c.get("user");
    const key = `${id}:${listsVersion}:${page}:${pageSize}`;
    const unchanged = await notModified(c, [], key);
    if (unchanged) return unchanged;
    // Kept under the user's lists version, bumped by any write to their analyses in any process (decision 027).
    const result = await kept(
      c,
      "insight history answers",
      [],
      key,
      async () => {
        const { items, total } = await insightHistory(c.get("deps"), id, page, pageSize);
        return { items: keepJson(items), total };
      },
      PAGES_KEPT,
    );
    c.header("X-Total-Count", String(result.total));
    return sendKept(c, result.items, 200);
  });
