import { createRoute, z } from "@hono/zod-openapi";
import { sendKept } from "../../lib/kept-answer.ts";
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  rateLimitHeaders,
  signedIn,
  totalCountHeader,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { requireUser } from "../../middleware/auth.ts";
import { consumeRateLimit, setRateLimitHeaders } from "../../middleware/rate-limit.ts";
import { AnalyzeInput, HistoryQuery, Insight } from "./insights.schema.ts";
import { analyzeSymbol, insightHistoryAnswer } from "./insights.service.ts";

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
  description: `Symbol: 1-10 characters (letters, digits, '.', '-'). At most ${ANALYSES_PER_MINUTE} analyses a minute.`,
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
    ...errorResponses(400, 401, 503),
  },
});

export const insightRoutes = createRouter()
  .openapi(analyze, async (c) => {
    const deps = c.get("deps");
    const user = c.var.user;
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
    const result = await analyzeSymbol(deps, user.id, symbol, c.var.versions);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 201);
  })
  .openapi(history, async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const result = await insightHistoryAnswer(c.get("deps"), c.var.user, page, pageSize);
    c.header("X-Total-Count", String(result.total));
    return sendKept(c, result.items, 200);
  });
