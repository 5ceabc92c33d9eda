import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../lib/context.ts";
import { APP_COMPRESSES } from "../lib/kept-answer.ts";
import { logAccess } from "./access-log.ts";
import { compressAnswer } from "./compression.ts";
import { noStoreForPrivateAnswers } from "./private-answers.ts";
import { observeRequest } from "./request-metrics.ts";
import { setSecurityHeaders } from "./security-headers.ts";

const REQUEST_ID_HEADER = "X-Request-Id";
/** A caller's own request id is kept when it is this short and plain (hono/request-id's rule). */
const CALLERS_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * What every request gets, in one middleware rather than seven (decision 094: each layer cost a signed-in read
 * about 4 µs): a request id (the caller's X-Request-Id when plain, else a new one), the dependencies; after the
 * answer, in this order, `Cache-Control: private, no-store` on private API answers, the security headers, gzip,
 * the access line and the request's metrics.
 */
export const everyRequest = (deps: AppDeps) => {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given && CALLERS_REQUEST_ID.test(given) ? given : crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.header(REQUEST_ID_HEADER, requestId);
    await next();
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/")) noStoreForPrivateAnswers(c);
    setSecurityHeaders(c);
    if (APP_COMPRESSES) await compressAnswer(c);
    logAccess(deps, c, started);
    if (deps.metrics) observeRequest(deps.metrics, c, started);
  });
};
