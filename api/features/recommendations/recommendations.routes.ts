import { createRoute, z } from "@hono/zod-openapi";
import { createAnalysisEngine } from "../../analysis/engine.ts";
import {
  adminOnly,
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  signedIn,
} from "../../lib/openapi.ts";
import { isoDate } from "../../lib/validation.ts";
import { securityNames } from "../../market/price-history.ts";
import { requireAdmin, requireUser } from "../../middleware/auth.ts";
import { generateRecommendations } from "./generate.service.ts";
import { recommendationPerformance } from "./performance.service.ts";
import {
  CreateRecommendationAnswer,
  CreateRecommendationInput,
  CreateRecommendationQuery,
  DeleteByDateAnswer,
  HistoricalQuery,
  PerformanceAnswer,
  RecommendationList,
} from "./recommendations.schema.ts";
import {
  deleteRecommendationsOn,
  historicalRecommendations,
  latestRecommendations,
  postRecommendation,
} from "./recommendations.service.ts";

const tags = ["Recommendations"];
const security = signedIn;

const latest = createRoute({
  method: "get",
  path: "/latest",
  tags,
  security,
  summary: "The recommendations of the most recent recommendation date, with current prices",
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(RecommendationList, "Latest recommendations"), ...errorResponses(401) },
});

const historical = createRoute({
  method: "get",
  path: "/historical",
  tags,
  security,
  summary: "Search past recommendations by date range, symbol and risk level (newest first, 500 at most)",
  middleware: [requireUser] as const,
  request: { query: HistoricalQuery },
  responses: {
    200: jsonResponse(RecommendationList, "Matching recommendations"),
    ...errorResponses(400, 401),
  },
});

const performance = createRoute({
  method: "get",
  path: "/performance",
  tags,
  security,
  summary: "Track record: how the matching recommendations turned out, against the universe's median",
  description: "Filters as in /historical. Scores the 5,000 most recent matching recommendations.",
  middleware: [requireUser] as const,
  request: { query: HistoricalQuery },
  responses: {
    200: jsonResponse(PerformanceAnswer, "Totals, bands and cumulative returns"),
    ...errorResponses(400, 401),
  },
});

const post = createRoute({
  method: "post",
  path: "/",
  tags,
  security,
  ...adminOnly,
  summary: "Post a recommendation (admin only)",
  description:
    "recommendationDate defaults to today in the market's time zone. When `aggressive` is omitted the server " +
    "decides it from the symbol's volatility and records how (aggressiveBasis).",
  middleware: [requireAdmin] as const,
  request: { query: CreateRecommendationQuery, body: jsonBody(CreateRecommendationInput) },
  responses: {
    201: jsonResponse(CreateRecommendationAnswer, "Posted"),
    ...errorResponses(400, 401, 403, 409),
  },
});

const generate = createRoute({
  method: "post",
  path: "/generate",
  tags,
  security,
  ...adminOnly,
  summary: "Generate the engine's recommendations for the market's today (admin only)",
  description: "Idempotent: symbols already recommended on the date are left as they are.",
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonResponse(
      z.object({
        message: z.string(),
        date: z.string(),
        posted: z.number().int(),
        alreadyThere: z.number().int(),
      }),
      "Generated",
    ),
    ...errorResponses(401, 403),
    503: jsonResponse(z.object({ message: z.string(), code: z.string().optional() }), "No market data"),
  },
});

const removeByDate = createRoute({
  method: "delete",
  path: "/{date}",
  tags,
  security,
  ...adminOnly,
  summary: "Delete every recommendation of one date (admin only)",
  middleware: [requireAdmin] as const,
  request: { params: z.object({ date: isoDate }) },
  responses: { 200: jsonResponse(DeleteByDateAnswer, "Deleted"), ...errorResponses(400, 401, 403) },
});

export const recommendationRoutes = createRouter()
  .openapi(latest, async (c) => c.json(await latestRecommendations(c.get("deps")), 200))
  .openapi(historical, async (c) =>
    c.json(await historicalRecommendations(c.get("deps"), c.req.valid("query")), 200),
  )
  .openapi(performance, async (c) => {
    return c.json(await recommendationPerformance(c.get("deps"), c.req.valid("query")), 200);
  })
  .openapi(post, async (c) => {
    const input = c.req.valid("json");
    const { recommendationDate } = c.req.valid("query");
    const result = await postRecommendation(c.get("deps"), input, {
      recommendationDate,
      postedBy: c.var.user.id,
    });
    if (result.kind === "duplicate") {
      return c.json(
        {
          message: `A recommendation for ${input.symbol} on ${result.usedDate} already exists; posted recommendations are never edited.`,
          code: "DUPLICATE",
        },
        409,
      );
    }
    if (result.kind === "estimated-before-posted") {
      return c.json(
        {
          message: `estimatedDate: the target date must be on or after the recommendation date ${result.usedDate}.`,
          code: "VALIDATION_ERROR",
        },
        400,
      );
    }
    return c.json(
      {
        message: `Recommendation for ${result.recommendation.symbol} posted for ${result.usedDate}.`,
        recommendation: result.recommendation,
        postedAt: result.postedAt.toISOString(),
        usedDate: result.usedDate,
      },
      201,
    );
  })
  .openapi(generate, async (c) => {
    const deps = c.get("deps");
    const date = deps.market?.marketToday();
    if (!date) return c.json({ message: "No market data is configured.", code: "UNAVAILABLE" }, 503);
    const [report] = await generateRecommendations(
      deps,
      createAnalysisEngine(deps.database.db, () => date),
      [date],
      await securityNames(deps.database.db),
    );
    const posted = report?.posted ?? 0;
    const alreadyThere = report?.alreadyThere ?? 0;
    return c.json(
      {
        message: `Generated ${posted} recommendation(s) for ${date}; ${alreadyThere} were already there.`,
        date,
        posted,
        alreadyThere,
      },
      200,
    );
  })
  .openapi(removeByDate, async (c) => {
    const { date } = c.req.valid("param");
    const deleted = await deleteRecommendationsOn(c.get("deps"), date);
    return c.json({ message: `Deleted ${deleted} recommendation(s) dated ${date}.`, deleted }, 200);
  });
