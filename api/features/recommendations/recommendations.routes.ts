import { createRoute, z } from "@hono/zod-openapi";
import { kept, notModified } from "../../lib/answer-cache.ts";
import { calendarDate } from "../../lib/answer-fields.ts";
import { keepJson, sendKept } from "../../lib/kept-answer.ts";
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
import { refuseSpentUsers, withinWorkBudget } from "../../middleware/rate-limit.ts";
import { generateForDate } from "./generate.service.ts";
import { recommendationPerformance } from "./performance.service.ts";
import { recommendationFiltersKey } from "./recommendation-filters.ts";
import {
  CreateRecommendationAnswer,
  CreateRecommendationInput,
  CreateRecommendationQuery,
  DeleteByDateAnswer,
  DeleteByDateParams,
  DeleteOneAnswer,
  DeleteOneParams,
  HISTORICAL_DEFAULT_PAGE_SIZE,
  HISTORICAL_MAX_PAGE_SIZE,
  HistoricalPageQuery,
  HistoricalQuery,
  PerformanceAnswer,
  RecommendationList,
} from "./recommendations.schema.ts";
import {
  deleteRecommendation,
  deleteRecommendationsOn,
  postRecommendation,
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
    200: jsonResponse(RecommendationList, "Latest recommendations"),
    ...notModifiedResponse,
    ...errorResponses(401, 503),
  },
});

/** How many spellings of one page's URL keep their Link (a client sends the same one each time). */
const LINKS_KEPT = 8;

/** RFC 8288 `Link` to the page after this one: the same path and filters, relative to whichever host answered. */
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
    `Without page or pageSize: the newest ${HISTORICAL_MAX_PAGE_SIZE} matching recommendations. With either: one ` +
    `page (page defaults to 1, pageSize to ${HISTORICAL_DEFAULT_PAGE_SIZE}, at most ${HISTORICAL_MAX_PAGE_SIZE}). ` +
    "Either way the answer is a plain list, X-Total-Count says how many match in all and X-Date-Counts how many " +
    "match on each recommendation date the list shows (a page may show part of a date's recommendations). When " +
    'more match than the list holds (the unpaged list included), `Link: <...>; rel="next"` gives the next page. ' +
    ONE_USER_AT_A_TIME,
  middleware: [requireUser, refuseSpentUsers] as const,
  request: { query: HistoricalPageQuery },
  responses: {
    200: {
      ...jsonResponse(RecommendationList, "Matching recommendations"),
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
  middleware: [requireUser, refuseSpentUsers] as const,
  request: { query: HistoricalQuery },
  responses: {
    200: jsonResponse(PerformanceAnswer, "Totals, bands and cumulative returns"),
    ...notModifiedResponse,
    ...errorResponses(400, 401, 429, 503),
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
    201: jsonResponse(CreateRecommendationAnswer, "Posted"),
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
  responses: { 200: jsonResponse(DeleteByDateAnswer, "Deleted"), ...errorResponses(400, 401, 403, 503) },
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
  responses: { 200: jsonResponse(DeleteOneAnswer, "Deleted"), ...errorResponses(400, 401, 403, 404, 503) },
});

export const recommendationRoutes = createRouter()
  .openapi(latest, async (c) => {
    const deps = c.get("deps");
    const unchanged = await notModified(c, SCORED_AND_PRICED, "");
    if (unchanged) return unchanged;
    // Scored once per data version and market day; priced as long as the market's prices hold (decision 076).
    const answer = await kept(c, "latest recommendations answer", SCORED_AND_PRICED, "", async () => {
      const scored = await kept(c, "latest recommendations", SCORED, "", () => scoreLatest(deps));
      return keepJson(await withPrices(deps, scored));
    });
    return sendKept(c, answer, 200);
  })
  .openapi(historical, async (c) => {
    const deps = c.get("deps");
    const { page, pageSize, ...filters } = c.req.valid("query");
    const paged = page !== undefined || pageSize !== undefined;
    const limit = paged ? (pageSize ?? HISTORICAL_DEFAULT_PAGE_SIZE) : HISTORICAL_MAX_PAGE_SIZE;
    const offset = paged ? ((page ?? 1) - 1) * limit : 0;
    const key = `${recommendationFiltersKey(filters)}@${offset}+${limit}`;
    const unchanged = await notModified(c, SCORED_AND_PRICED, key);
    if (unchanged) return unchanged;
    const answer = await kept(
      c,
      "historical recommendations answers",
      SCORED_AND_PRICED,
      key,
      () =>
        withinWorkBudget(c, async () => {
          const { recommendations: scored, ...counts } = await kept(
            c,
            "historical recommendations",
            SCORED,
            key,
            () => scoreHistoricalPage(deps, filters, { offset, limit }),
            HISTORICAL_SEARCHES_KEPT,
          );
          return {
            recommendations: keepJson(await withPrices(deps, scored)),
            total: String(counts.total),
            dateCounts: counts.dateCounts.map(([date, n]) => `${date}=${n}`).join(","),
            more: offset + limit < counts.total,
            /** The next page's Link by request URL: building one took a fifth of a kept page's time. */
            links: new Map<string, string>(),
          };
        }),
      HISTORICAL_SEARCHES_KEPT,
    );
    c.header("X-Total-Count", answer.total);
    c.header("X-Date-Counts", answer.dateCounts);
    if (answer.more) {
      let link = answer.links.get(c.req.url);
      if (!link) {
        link = nextPageLink(c.req.path, c.req.url, offset / limit + 2, limit);
        if (answer.links.size < LINKS_KEPT) answer.links.set(c.req.url, link);
      }
      c.header("Link", link);
    }
    return sendKept(c, answer.recommendations, 200);
  })
  .openapi(performance, async (c) => {
    const query = c.req.valid("query");
    const key = recommendationFiltersKey(query);
    const unchanged = await notModified(c, SCORED, key);
    if (unchanged) return unchanged;
    const answer = await kept(c, "track record", SCORED, key, () =>
      withinWorkBudget(c, async () => keepJson(await recommendationPerformance(c.get("deps"), query))),
    );
    return sendKept(c, answer, 200);
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
