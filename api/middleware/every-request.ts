import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { isHttpsRequest } from "../lib/client-address.ts";
import type { AppDeps, AppEnv } from "../lib/context.ts";
import { APP_COMPRESSES, acceptsGzip, COMPRESS_MIN_BYTES, gzip } from "../lib/kept-answer.ts";
import type { AppMetrics } from "../lib/metrics.ts";
import { API_CSP, BASE_SECURITY_HEADERS, cspHeader, HSTS } from "../lib/security-headers.ts";
import { SESSION_COOKIE } from "./auth.ts";

/**
 * What every request gets, in one middleware and one file (decisions 094 and 147): a request id and the
 * dependencies before the handler; after the answer, in this order, `Cache-Control: private, no-store` on private
 * API answers, the security headers, gzip, the access line and the request's metrics. Each step is a function below.
 */
export const everyRequest = (deps: AppDeps) => {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    setRequestId(c);
    c.set("deps", deps);
    await next();
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/")) noStoreForPrivateAnswers(c);
    setSecurityHeaders(c);
    if (APP_COMPRESSES) await compressAnswer(c);
    logAccess(deps, c, started);
    if (deps.metrics) observeRequest(deps.metrics, c, started);
  });
};

const REQUEST_ID_HEADER = "X-Request-Id";
/** A caller's own request id is kept when it is this short and plain (hono/request-id's rule). */
const CALLERS_REQUEST_ID = /^[\w\-=]{1,255}$/;

/** The caller's X-Request-Id when plain, else a new one: on the context for the log, and on the answer. */
function setRequestId(c: Context<AppEnv>): void {
  const given = c.req.header(REQUEST_ID_HEADER);
  const requestId = given && CALLERS_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  c.set("requestId", requestId);
  c.header(REQUEST_ID_HEADER, requestId);
}

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * `Cache-Control: private, no-store` on every API answer that may carry credentials or personal data, whatever its
 * status and whatever the handler set: the request came with a credential (Authorization header or session cookie),
 * the path is under /api/auth/ (sign-in, registration, reset, OAuth hand tokens out), or the answer sets a cookie.
 * Set after the handler, so a new private route cannot forget it; it replaces the kept reads' `private` (decision
 * 088), whose ETags then serve clients that send If-None-Match themselves. Public reads without a credential keep
 * what their handler sends (decision note 087): `PUBLIC_MAX_AGE` on the public reads.
 */
function noStoreForPrivateAnswers(c: Context<AppEnv>): void {
  const personal =
    c.req.header("authorization") !== undefined ||
    getCookie(c, SESSION_COOKIE) !== undefined ||
    c.req.path.startsWith("/api/auth/") ||
    c.res.headers.has("set-cookie");
  if (personal) c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
}

/**
 * What hono/secure-headers sent with the app's values (api/lib/security-headers.ts), in its order: its defaults
 * (Cross-Origin-Resource-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) with ours, then the Content-Security-Policy.
 */
const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Cross-Origin-Opener-Policy", BASE_SECURITY_HEADERS["Cross-Origin-Opener-Policy"]!],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", BASE_SECURITY_HEADERS["Referrer-Policy"]!],
  ["X-Content-Type-Options", BASE_SECURITY_HEADERS["X-Content-Type-Options"]!],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", BASE_SECURITY_HEADERS["X-Frame-Options"]!],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];
const API_CSP_VALUE = cspHeader(API_CSP);

/**
 * Security headers on every answer of the app; HSTS when the request came over https (or a trusted proxy says so).
 * The same headers hono/secure-headers sent (`overwrite: false`), set directly: on Workers each `has`/`set` on a
 * response's headers is a call into the runtime, and the library asked `has` for each of the eleven. Only the
 * Content-Security-Policy is one a handler sets itself (the API reference renders a document): that one is kept
 * when present (decision 062).
 */
function setSecurityHeaders(c: Context<AppEnv>): void {
  const headers = c.res.headers;
  for (const [name, value] of API_SECURITY_HEADERS) headers.set(name, value);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP_VALUE);
  headers.delete("X-Powered-By");
  if (isHttpsRequest(c)) c.header("Strict-Transport-Security", HSTS);
}

const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg)/i;

/**
 * gzip for clients that accept it, on what is worth it: text answers of 1 KB or more not encoded yet (kept answers
 * come pre-compressed). The whole answer is compressed in one go, not streamed: our answers are small enough, and
 * a streamed body costs more per request than the compression itself.
 */
async function compressAnswer(c: Context): Promise<void> {
  const res = c.res;
  if (c.req.method === "HEAD" || !res.body || res.headers.has("content-encoding")) return;
  if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
  // The app's own answers have mutable headers; appending here avoids copying the response for a header. A kept
  // answer already says it (kept-answer.ts).
  if (!/accept-encoding/i.test(res.headers.get("vary") ?? "")) res.headers.append("vary", "accept-encoding");
  if (!acceptsGzip(c)) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Unset first: assigning over a response copies the old one's headers onto the new one.
  c.res = undefined;
  if (bytes.byteLength < COMPRESS_MIN_BYTES) {
    c.res = new Response(bytes, res);
    return;
  }
  res.headers.set("content-encoding", "gzip");
  res.headers.delete("content-length");
  c.res = new Response(await gzip(bytes), res);
}

/** Probed every few seconds by load balancers and uptime checks: at debug, so they do not fill the log. */
const PROBES = new Set(["/api/health", "/api/ready", "/health"]);

/**
 * One access line per request, after the answer (decision 040): request id, method, path (never the query string,
 * which may carry codes or tokens), status, duration and the signed-in user's id. Nothing from headers or bodies,
 * so no token, cookie or password can reach it. Below LOG_LEVEL the call is a no-op.
 */
function logAccess(deps: AppDeps, c: Context<AppEnv>, started: number): void {
  const path = c.req.path;
  deps.log(PROBES.has(path) ? "debug" : "info", "request", {
    requestId: c.get("requestId"),
    method: c.req.method,
    path,
    status: c.res.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    // resolveAuth sets auth on every /api request: the user of the session or API key the request came with.
    userId: c.get("auth")?.user.id ?? null,
  });
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route pattern that answered (`/api/watchlist/:id`), never the path itself: a label per raw path would grow
 * without bound. Middleware is registered for ALL methods; the answering route has its own method. A request no
 * route took is `unmatched`.
 */
function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== "ALL") return route.path;
  }
  return "unmatched";
}

/** Times every request into the latency histogram, by route pattern, method and status class (decision 088). */
function observeRequest(metrics: AppMetrics, c: Context<AppEnv>, started: number): void {
  metrics.httpRequests.observe(
    {
      route: routePattern(c),
      method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
      status_class: `${Math.floor(c.res.status / 100)}xx`,
    },
    (performance.now() - started) / 1000,
  );
}
