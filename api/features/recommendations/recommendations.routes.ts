import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { calendarDate } from "../../lib/answer-fields.ts";
import { keptAnswer } from "../../lib/kept-answer.ts";
import { hasMarketData } from "../../lib/market-port.ts";
import {
  adminOnly,
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  notModifiedResponse,
  signedIn,
  totalCountHeader,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { requireAdmin, requireUser } from "../../middleware/auth.ts";
import { refuseSpentCallers } from "../../middleware/rate-limit.ts";
import { listItem } from "./list-item.ts";
import { recommendationPerformance } from "./performance.service.ts";
import { recommendationFiltersKey } from "./recommendation-filters.ts";
import {
  CreateRecommendationInput,
  CreateRecommendationQuery,
  DeleteByDateParams,
  DeleteOneParams,
  HISTORICAL_DEFAULT_PAGE_SIZE,
  HISTORICAL_MAX_PAGE_SIZE,
  HISTORICAL_UNPAGED_LIMIT,
  HistoricalPageQuery,
  HistoricalQuery,
  PublicTrackRecordQuery,
  RecommendationIdParam,
  recommendationAnswers,
} from "./recommendations.schema.ts";
import {
  deleteRecommendation,
  deleteRecommendationsOn,
  postRecommendation,
  recommendationById,
  scoreHistoricalPage,
  scoreLatest,
  withPrices,
} from "./recommendations.service.ts";

/** Searches (filters and page) kept per data version, their scored rows and their answers (500 rows at most each). */
const HISTORICAL_SEARCHES_KEPT = 8;

/** Outcomes are scored from the stored calls and prices as of the market's day; answers also carry current prices. */
const SCORED = ["recommendations", "market"] as const;
const SCORED_AND_PRICED = ["recommendations", "market", "prices"] as const;

const tags = ["Recommendations"];
const ONE_USER_AT_A_TIME =
  "A user with two track records, historical searches or analyses being computed at once is answered 429 with " +
  "Retry-After; an answer kept from an earlier request never is.";
const security = signedIn;

const latest = createRoute({
  operationId: "getLatestRecommendations",
  method: "get",
  path: "/latest",
  tags,
  security,
  summary: "The recommendations of the most recent recommendation date, with current prices",
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(() => recommendationAnswers().RecommendationList, "Latest recommendations"),
    ...notModifiedResponse,
    ...errorResponses(401, 503),
  },
});

/**
 * RFC 8288 `Link` to the page after this one: the same path and filters, relative to whichever host answered. Kept
 * with the answer: another spelling of the same filters is then sent the first one's, which names the same page.
 */
function nextPageLink(path: string, requestUrl: string, page: number, pageSize: number): string {
  const query = requestUrl.indexOf("?");
  const params = new URLSearchParams(query < 0 ? "" : requestUrl.slice(query + 1));
  params.set("page", String(page));
  params.set("pageSize", String(pageSize));
  return `<${path}?${params}>; rel="next"`;
}

const historical = createRoute({
  operationId: "listHistoricalRecommendations",
  method: "get",
  path: "/historical",
  tags,
  security,
  summary: "Search past recommendations by date range, symbol and risk level, newest first",
  description:
    `Without page or pageSize: the newest ${HISTORICAL_UNPAGED_LIMIT} matching recommendations. With either: one ` +
    `page (page defaults to 1, pageSize to ${HISTORICAL_DEFAULT_PAGE_SIZE}, at most ${HISTORICAL_MAX_PAGE_SIZE}). ` +
    "Either way the answer is a plain list, X-Total-Count says how many match in all and X-Date-Counts how many " +
    "match on each recommendation date the list shows (a page may show part of a date's recommendations). When " +
    'more match than the list holds (the unpaged list included), `Link: <...>; rel="next"` gives the next page. ' +
    ONE_USER_AT_A_TIME,
  middleware: [requireUser, refuseSpentCallers] as const,
  request: { query: HistoricalPageQuery },
  responses: {
    200: {
      ...jsonResponse(() => recommendationAnswers().RecommendationList, "Matching recommendations"),
      headers: {
        ...totalCountHeader,
        "X-Date-Counts": {
          description:
            "For each recommendation date in the list, newest first: the date, '=', and how many match on it, " +
            "comma-separated (e.g. 2023-10-27=8,2023-10-26=8); empty for an empty list",
          required: true,
          schema: { type: "string" },
        },
        Link: {
          description:
            'Only when more match than this list holds: `</api/recommendations/historical?...&page=N&pageSize=M>; rel="next"`, ' +
            "the same filters' next page (relative to this server)",
          required: false,
          schema: { type: "string" },
        },
      },
    },
    ...notModifiedResponse,
    ...errorResponses(400, 401, 429, 503),
  },
});

const performance = createRoute({
  operationId: "getRecommendationPerformance",
  method: "get",
  path: "/performance",
  tags,
  security,
  summary: "Track record: how the matching recommendations turned out, against the universe's median",
  description: `Filters as in /historical. Scores the 5,000 most recent matching recommendations. ${ONE_USER_AT_A_TIME}`,
  middleware: [requireUser, refuseSpentCallers] as const,
  request: { query: HistoricalQuery },
  responses: {
    200: jsonResponse(
      () => recommendationAnswers().PerformanceAnswer,
      "Totals, bands and cumulative returns",
    ),
    ...notModifiedResponse,
    ...errorResponses(400, 401, 429, 503),
  },
});

const publicTrackRecord = createRoute({
  operationId: "getPublicTrackRecord",
  method: "get",
  path: "/track-record",
  tags,
  security: [],
  summary: "The whole track record and the model card, for anyone: no account needed",
  description:
    "What /performance answers without filters, to every caller, signed in or not (the Track Record page). It " +
    "takes no query parameter (400 for any). Nothing in it is anyone's own: the model's calls, their outcomes and " +
    "the model card. Kept per data version and shared with /performance, so a caller's request computes it at most " +
    "once per change of the calls or prices; to a caller without a credential it goes with `Cache-Control: public, " +
    "max-age=60` and an ETag. A caller (signed-in user, or else client address) with two track records, historical " +
    "searches or analyses being computed at once is answered 429 with Retry-After.",
  middleware: [refuseSpentCallers] as const,
  request: { query: PublicTrackRecordQuery },
  responses: {
    200: jsonResponse(
      () => recommendationAnswers().PerformanceAnswer,
      "Totals, bands and cumulative returns of every call, and the model card",
    ),
    ...notModifiedResponse,
    ...errorResponses(400, 429, 503),
  },
});

/**
 * The track record of the calls `filters` match, kept per data version under one slot for both routes: the public
 * read is the unfiltered record, which a signed-in /performance without filters shares (decision 144).
 */
function trackRecordAnswer(c: Context, filters: HistoricalQuery, shared: boolean) {
  return keptAnswer(c, {
    slot: "track record",
    dependsOn: SCORED,
    key: recommendationFiltersKey(filters),
    budgeted: true,
    shared,
    compute: async () => ({ body: await recommendationPerformance(c.get("deps"), filters) }),
  });
}

const detail = createRoute({
  operationId: "getRecommendation",
  method: "get",
  path: "/{id}",
  tags,
  security,
  summary: "One recommendation with its whole reason, outcome so far and current price",
  description:
    "What the lists answer for the recommendation, with the whole reason where the lists carry its summary. " +
    "Any signed-in user may read any recommendation, as the lists show them all.",
  middleware: [requireUser] as const,
  request: { params: RecommendationIdParam },
  responses: {
    200: jsonResponse(() => recommendationAnswers().Recommendation, "The recommendation"),
    ...errorResponses(400, 401, 404, 503),
  },
});

const post = createRoute({
  operationId: "postRecommendation",
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
    201: jsonResponse(() => recommendationAnswers().CreateRecommendationAnswer, "Posted"),
    ...errorResponses(400, 401, 403, 409, 503),
  },
});

const generate = createRoute({
  operationId: "generateRecommendations",
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
        date: calendarDate("the recommendation date the calls were posted for"),
        posted: z.number().int(),
        alreadyThere: z.number().int(),
      }),
      "Generated",
    ),
    ...errorResponses(401, 403, 503),
  },
});

const removeByDate = createRoute({
  operationId: "deleteRecommendationsByDate",
  method: "delete",
  path: "/{date}",
  tags,
  security,
  ...adminOnly,
  summary: "Delete every recommendation of one date (admin only)",
  middleware: [requireAdmin] as const,
  request: { params: DeleteByDateParams },
  responses: {
    200: jsonResponse(() => recommendationAnswers().DeleteByDateAnswer, "Deleted"),
    ...errorResponses(400, 401, 403, 503),
  },
});

const removeOne = createRoute({
  operationId: "deleteRecommendation",
  method: "delete",
  path: "/by-id/{id}",
  tags,
  security,
  ...adminOnly,
  summary: "Delete one recommendation by its id (admin only)",
  middleware: [requireAdmin] as const,
  request: { params: DeleteOneParams },
  responses: {
    200: jsonResponse(() => recommendationAnswers().DeleteOneAnswer, "Deleted"),
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

export const recommendationRoutes = createRouter()
  .openapi(latest, (c) => {
    const deps = c.get("deps");
    // Scored once per data version and market day; priced as long as the market's prices hold (decision 076).
    return keptAnswer(c, {
      slot: "latest recommendations answer",
      dependsOn: SCORED_AND_PRICED,
      part: { slot: "latest recommendations", dependsOn: SCORED, compute: () => scoreLatest(deps) },
      compute: async (scored) => ({ body: (await withPrices(deps, scored)).map(listItem) }),
    });
  })
  .openapi(historical, (c) => {
    const deps = c.get("deps");
    const { page, pageSize, ...filters } = c.req.valid("query");
    const paged = page !== undefined || pageSize !== undefined;
    const limit = paged ? (pageSize ?? HISTORICAL_DEFAULT_PAGE_SIZE) : HISTORICAL_UNPAGED_LIMIT;
    const offset = paged ? ((page ?? 1) - 1) * limit : 0;
    const key = `${recommendationFiltersKey(filters)}@${offset}+${limit}`;
    return keptAnswer(c, {
      slot: "historical recommendations answers",
      dependsOn: SCORED_AND_PRICED,
      key,
      keep: HISTORICAL_SEARCHES_KEPT,
      budgeted: true,
      part: {
        slot: "historical recommendations",
        dependsOn: SCORED,
        key,
        keep: HISTORICAL_SEARCHES_KEPT,
        compute: () => scoreHistoricalPage(deps, filters, { offset, limit }),
      },
      compute: async ({ recommendations, total, dateCounts }) => ({
        body: (await withPrices(deps, recommendations)).map(listItem),
        headers: {
          "X-Total-Count": String(total),
          "X-Date-Counts": dateCounts.map(([date, n]) => `${date}=${n}`).join(","),
          ...(offset + limit < total
            ? { Link: nextPageLink(c.req.path, c.req.url, offset / limit + 2, limit) }
            : {}),
        },
      }),
    });
  })
  .openapi(performance, (c) => trackRecordAnswer(c, c.req.valid("query"), false))
  .openapi(publicTrackRecord, (c) => trackRecordAnswer(c, {}, true))
  .openapi(detail, async (c) => {
    const { id } = c.req.valid("param");
    const recommendation = await recommendationById(c.get("deps"), id);
    if (!recommendation) {
      throw new ApiFailure(404, { message: `No recommendation with id ${id}.`, code: "NOT_FOUND" });
    }
    return c.json(recommendation, 200);
  })
  .openapi(post, async (c) => {
    const { recommendationDate } = c.req.valid("query");
    const result = await postRecommendation(c.get("deps"), c.req.valid("json"), {
      recommendationDate,
      postedBy: c.get("user").id,
    });
    if (!result.ok) throw ApiFailure.of(result);
    const { recommendation, usedDate, postedAt } = result.value;
    return c.json(
      {
        message: `Recommendation for ${recommendation.symbol} posted for ${usedDate}.`,
        recommendation,
        postedAt: postedAt.toISOString(),
        usedDate,
      },
      201,
    );
  })
  .openapi(generate, async (c) => {
    const deps = c.get("deps");
    if (!hasMarketData(deps.market)) {
      throw new ApiFailure(503, { message: "No market data is configured.", code: "UNAVAILABLE" });
    }
    const date = deps.market.marketToday();
    // The engine's modules load with the first generation, not with the feature (decision 162).
    const { generateForDate } = await import("./generate.service.ts");
    const { posted, alreadyThere } = await generateForDate(deps, date);
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
  })
  .openapi(removeOne, async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deleteRecommendation(c.get("deps"), id);
    if (!deleted)
      throw new ApiFailure(404, { message: `No recommendation has id ${id}.`, code: "NOT_FOUND" });
    return c.json(
      { message: `Deleted ${deleted.symbol} of ${deleted.recommendationDate}.`, ...deleted },
      200,
    );
  });
