import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { PatternRouter } from "hono/router/pattern-router";
import type { RouterRoute } from "hono/types";
import { isDatabaseBusy, isDatabaseError, isDatabaseUnavailable } from "../../db/unavailable.ts";
import type { AppEnv } from "../lib/context.ts";
import { errorFields } from "../lib/logger.ts";
import { MarketUnavailableError, UnknownSymbolError } from "../lib/market-port.ts";
import { ApiFailure } from "../lib/result.ts";
import { unknownSymbolMessage } from "../market/unknown-symbol.ts";

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable right now. Please try again in a moment.";
export const DATABASE_BUSY_MESSAGE = "The database is busy right now. Please try again in a moment.";

/** The code of a failure Hono itself threw as a bare HTTPException (malformed JSON, a body it could not read...). */
const CODE_OF_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "TOO_LARGE",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

/** What any thrown error answers as: an ApiFailure as it is, everything else translated into one. */
async function asFailure(err: Error, c: Context<AppEnv>): Promise<ApiFailure> {
  if (err instanceof ApiFailure) return err;
  if (err instanceof HTTPException) {
    const status = err.status;
    const message =
      status === 400 && /json/i.test(err.message)
        ? "Malformed JSON in request body."
        : err.message || "Request could not be processed.";
    return new ApiFailure(status, { message, code: CODE_OF_STATUS[status] ?? "HTTP_ERROR" });
  }
  // The market port's two failures, wherever in a feature they were thrown: the one place they become answers.
  if (err instanceof MarketUnavailableError) {
    return new ApiFailure(503, { message: err.message, code: "MARKET_UNAVAILABLE" });
  }
  if (err instanceof UnknownSymbolError) {
    const { market, database } = c.get("deps");
    return new ApiFailure(404, {
      message: await unknownSymbolMessage(market, database.db, err.symbol),
      code: "UNKNOWN_SYMBOL",
    });
  }
  const requestId = c.get("requestId");
  // The second middleware of every request sets deps (api/app.ts), before anything that can throw.
  const { log, metrics } = c.get("deps");
  // An outage, not a bug: say so, and let the client retry. The database client recovers on the next request.
  if (isDatabaseUnavailable(err)) {
    metrics?.databaseErrors.inc({ kind: "unavailable" });
    log("warn", "Database unavailable", { requestId, path: c.req.path, ...errorFields(err) });
    c.header("Retry-After", "5");
    return new ApiFailure(503, { message: DATABASE_UNAVAILABLE_MESSAGE, code: "DATABASE_UNAVAILABLE" });
  }
  // Another process (or transaction) kept the embedded file's write lock past the busy timeout (decision 019).
  if (isDatabaseBusy(err)) {
    metrics?.databaseErrors.inc({ kind: "busy" });
    log("warn", "Database busy", { requestId, path: c.req.path, ...errorFields(err) });
    c.header("Retry-After", "1");
    return new ApiFailure(503, { message: DATABASE_BUSY_MESSAGE, code: "DATABASE_BUSY" });
  }
  if (isDatabaseError(err)) metrics?.databaseErrors.inc({ kind: "other" });
  log("error", "Unhandled error", { requestId, path: c.req.path, ...errorFields(err, { stack: true }) });
  return new ApiFailure(500, { message: `Internal server error (request ${requestId}).`, code: "INTERNAL" });
}

/** The one place an error answer is written: `{ message, code, ...details }` with the failure's status. */
function answer(c: Context<AppEnv>, failure: ApiFailure) {
  return c.json(failure.body(), failure.status);
}

/** app.onError: every failure of a request, thrown on purpose (ApiFailure) or not, answers the one error shape. */
export const handleError: ErrorHandler<AppEnv> = async (err, c) => answer(c, await asFailure(err, c));

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The methods some route of `routes` answers on `path` (HEAD wherever GET is), in METHODS order. */
function methodsMatcher(routes: readonly RouterRoute[]): (path: string) => string[] {
  const router = new PatternRouter<true>();
  // Middleware is registered for ALL methods or, for the writes only, on a wildcard path (api/app.ts): only a
  // route's own method and path say what the path allows.
  for (const route of routes) {
    if (route.method !== "ALL" && !route.path.endsWith("*")) router.add(route.method, route.path, true);
  }
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
        return answer(
          c,
          new ApiFailure(405, {
            message: `Method ${method} is not allowed on ${path}; it answers ${allowed.join(", ")}.`,
            code: "METHOD_NOT_ALLOWED",
          }),
        );
      }
    }
    return answer(
      c,
      new ApiFailure(404, { message: `No API route for ${method} ${path}.`, code: "NOT_FOUND" }),
    );
  };
}
