import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { PatternRouter } from "hono/router/pattern-router";
import type { RouterRoute } from "hono/types";
import { causesOf, isDatabaseBusy, isDatabaseUnavailable } from "../../db/unavailable.ts";
import type { AppEnv } from "../lib/context.ts";
import { MarketUnavailableError, UnknownSymbolError } from "../lib/market-port.ts";

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable right now. Please try again in a moment.";
export const DATABASE_BUSY_MESSAGE = "The database is busy right now. Please try again in a moment.";

/** What a log line needs to say why: each message of the error's cause chain (the driver's is the last). */
const causeChain = (err: unknown) =>
  causesOf(err)
    .slice(1)
    .map((e) => String(e));

export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HTTPException) {
    const status = err.status;
    const message =
      status === 400 && /json/i.test(err.message)
        ? "Malformed JSON in request body."
        : err.message || "Request could not be processed.";
    return c.json({ message, code: status === 400 ? "BAD_REQUEST" : undefined }, status);
  }
  // The market port's two failures, wherever in a feature they were thrown: the one place they become answers.
  if (err instanceof MarketUnavailableError) {
    return c.json({ message: err.message, code: "MARKET_UNAVAILABLE" }, 503);
  }
  if (err instanceof UnknownSymbolError) {
    return c.json(
      { message: `Unknown symbol '${err.symbol}': no market data for it.`, code: "UNKNOWN_SYMBOL" },
      404,
    );
  }
  const requestId = c.get("requestId");
  // The second middleware of every request sets deps (api/app.ts), before anything that can throw.
  const { log } = c.get("deps");
  // An outage, not a bug: say so, and let the client retry. The database client recovers on the next request.
  if (isDatabaseUnavailable(err)) {
    log("warn", "Database unavailable", { requestId, path: c.req.path, error: String(err) });
    c.header("Retry-After", "5");
    return c.json({ message: DATABASE_UNAVAILABLE_MESSAGE, code: "DATABASE_UNAVAILABLE" }, 503);
  }
  // Another process (or transaction) kept the embedded file's write lock past the busy timeout (decision 019).
  if (isDatabaseBusy(err)) {
    log("warn", "Database busy", {
      requestId,
      path: c.req.path,
      error: String(err),
      cause: causeChain(err),
    });
    c.header("Retry-After", "1");
    return c.json({ message: DATABASE_BUSY_MESSAGE, code: "DATABASE_BUSY" }, 503);
  }
  log("error", "Unhandled error", {
    requestId,
    path: c.req.path,
    error: String(err?.stack ?? err),
    cause: causeChain(err),
  });
  return c.json({ message: `Internal server error (request ${requestId}).`, code: "INTERNAL" }, 500);
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The methods some route of `routes` answers on `path` (HEAD wherever GET is), in METHODS order. */
function methodsMatcher(routes: readonly RouterRoute[]): (path: string) => string[] {
  const router = new PatternRouter<true>();
  // Middleware is registered for ALL methods; only a route's own method says what the path allows.
  for (const route of routes) if (route.method !== "ALL") router.add(route.method, route.path, true);
  return (path) => {
    const methods: string[] = METHODS.filter((method) => router.match(method, path)[0].length > 0);
    return methods.includes("GET") ? ["GET", "HEAD", ...methods.slice(1)] : methods;
  };
}

/**
 * Answers a request no route took: 405 with `Allow` when the API path exists under other methods, else 404; both
 * `{ message, code }`. `routes` is the app's route list, read on the first miss (every route is there by then).
 */
export function notFoundHandler(routes: readonly RouterRoute[]): NotFoundHandler<AppEnv> {
  let allowedOn: ((path: string) => string[]) | undefined;
  return (c) => {
    const { method, path } = c.req;
    if (path.startsWith("/api/")) {
      allowedOn ??= methodsMatcher(routes);
      const allowed = allowedOn(path);
      // The matcher forgives a trailing slash the app's router does not: a path it answers under this very method
      // is still not found.
      if (allowed.length > 0 && !allowed.includes(method)) {
        c.header("Allow", allowed.join(", "));
        return c.json(
          {
            message: `Method ${method} is not allowed on ${path}; it answers ${allowed.join(", ")}.`,
            code: "METHOD_NOT_ALLOWED",
          },
          405,
        );
      }
    }
    return c.json({ message: `No API route for ${method} ${path}.`, code: "NOT_FOUND" }, 404);
  };
}
