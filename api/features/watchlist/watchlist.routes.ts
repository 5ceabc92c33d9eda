import { createRoute } from "@hono/zod-openapi";
import { keptAnswer } from "../../lib/kept-answer.ts";
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  notModifiedResponse,
  signedIn,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { keptUniverseRanks } from "../../lib/universe-ranks.ts";
import { requireUser } from "../../middleware/auth.ts";
import { MessageAnswer } from "../auth/auth.schema.ts";
import {
  AddWatchlistInput,
  UpdateWatchlistInput,
  WatchlistIdParam,
  WatchlistItem,
  WatchlistList,
} from "./watchlist.schema.ts";
import {
  addToWatchlist,
  listWatchlist,
  removeWatchlistItem,
  updateWatchlistItem,
} from "./watchlist.service.ts";

/** Lists kept across users, at most this many (about 30 KB each with sparklines). */
const LISTS_KEPT = 256;

const tags = ["Watchlist"];

const list = createRoute({
  operationId: "listWatchlist",
  method: "get",
  path: "/",
  tags,
  security: signedIn,
  summary: "Your watchlist with current prices, moves and alert flags",
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(WatchlistList, "Your items, oldest first"),
    ...notModifiedResponse,
    ...errorResponses(401, 503),
  },
});

const add = createRoute({
  operationId: "addWatchlistItem",
  method: "post",
  path: "/",
  tags,
  security: signedIn,
  summary: "Add a symbol to your watchlist",
  middleware: [requireUser] as const,
  request: { body: jsonBody(AddWatchlistInput) },
  responses: { 201: jsonResponse(WatchlistItem, "Added"), ...errorResponses(400, 401, 404, 409, 503) },
});

const update = createRoute({
  operationId: "updateWatchlistItem",
  method: "patch",
  path: "/{id}",
  tags,
  security: signedIn,
  summary: "Change an item's purchase price and alert threshold",
  middleware: [requireUser] as const,
  request: { params: WatchlistIdParam, body: jsonBody(UpdateWatchlistInput) },
  responses: { 200: jsonResponse(WatchlistItem, "Updated"), ...errorResponses(400, 401, 404, 503) },
});

const remove = createRoute({
  operationId: "removeWatchlistItem",
  method: "delete",
  path: "/{id}",
  tags,
  security: signedIn,
  summary: "Remove an item from your watchlist",
  middleware: [requireUser] as const,
  request: { params: WatchlistIdParam },
  responses: { 200: jsonResponse(MessageAnswer, "Removed"), ...errorResponses(400, 401, 404, 503) },
});

export const watchlistRoutes = createRouter()
  .openapi(list, (c) => {
    const { id, listsVersion } = c.get("user");
    // Kept under the user's lists version (bumped by any write to their items, in any process) and the market's
    // prices (decision 027); the model's views come from the universe ranked per market data version.
    return keptAnswer(c, {
      slot: "watchlist answers",
      dependsOn: ["prices"],
      key: `${id}:${listsVersion}`,
      keep: LISTS_KEPT,
      compute: async () => ({ body: await listWatchlist(c.get("deps"), id, keptUniverseRanks(c)) }),
    });
  })
  .openapi(add, async (c) => {
    const result = await addToWatchlist(c.get("deps"), c.get("user").id, c.req.valid("json"));
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 201);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid("param");
    const result = await updateWatchlistItem(c.get("deps"), c.get("user").id, id, c.req.valid("json"));
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 200);
  })
  .openapi(remove, async (c) => {
    const result = await removeWatchlistItem(c.get("deps"), c.get("user").id, c.req.valid("param").id);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: result.value }, 200);
  });
