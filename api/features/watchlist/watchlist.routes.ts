import { createRoute } from "@hono/zod-openapi";
import { createRouter, errorResponses, jsonBody, jsonResponse, signedIn } from "../../lib/openapi.ts";
import { requireUser } from "../../middleware/auth.ts";
import { MessageAnswer } from "../auth/auth.schema.ts";
import {
  AddWatchlistInput,
  MAX_WATCHLIST_ITEMS,
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

const tags = ["Watchlist"];
const NOT_FOUND = { message: "No such item in your watchlist.", code: "NOT_FOUND" } as const;

const list = createRoute({
  method: "get",
  path: "/",
  tags,
  security: signedIn,
  summary: "Your watchlist with current prices, moves and alert flags",
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(WatchlistList, "Your items, oldest first"), ...errorResponses(401) },
});

const add = createRoute({
  method: "post",
  path: "/",
  tags,
  security: signedIn,
  summary: "Add a symbol to your watchlist",
  middleware: [requireUser] as const,
  request: { body: jsonBody(AddWatchlistInput) },
  responses: { 201: jsonResponse(WatchlistItem, "Added"), ...errorResponses(400, 401, 404, 409) },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags,
  security: signedIn,
  summary: "Change an item's purchase price and alert threshold",
  middleware: [requireUser] as const,
  request: { params: WatchlistIdParam, body: jsonBody(UpdateWatchlistInput) },
  responses: { 200: jsonResponse(WatchlistItem, "Updated"), ...errorResponses(400, 401, 404) },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  security: signedIn,
  summary: "Remove an item from your watchlist",
  middleware: [requireUser] as const,
  request: { params: WatchlistIdParam },
  responses: { 200: jsonResponse(MessageAnswer, "Removed"), ...errorResponses(400, 401, 404) },
});

export const watchlistRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listWatchlist(c.get("deps"), c.var.user.id), 200))
  .openapi(add, async (c) => {
    const input = c.req.valid("json");
    const result = await addToWatchlist(c.get("deps"), c.var.user.id, input);
    switch (result.kind) {
      case "added":
        return c.json(result.item, 201);
      case "unknown-symbol":
        return c.json(
          { message: `Unknown symbol '${input.symbol}': check the ticker.`, code: "UNKNOWN_SYMBOL" },
          404,
        );
      case "duplicate":
        return c.json({ message: `${input.symbol} is already in your watchlist.`, code: "DUPLICATE" }, 409);
      case "full":
        return c.json(
          {
            message: `A watchlist holds ${MAX_WATCHLIST_ITEMS} symbols at most; remove one first.`,
            code: "FULL",
          },
          409,
        );
    }
  })
  .openapi(update, async (c) => {
    const item = await updateWatchlistItem(
      c.get("deps"),
      c.var.user.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return item ? c.json(item, 200) : c.json(NOT_FOUND, 404);
  })
  .openapi(remove, async (c) => {
    const removed = await removeWatchlistItem(c.get("deps"), c.var.user.id, c.req.valid("param").id);
    return removed ? c.json({ message: "Removed from your watchlist." }, 200) : c.json(NOT_FOUND, 404);
  });
