import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../lib/context.ts";

/** Probed every few seconds by load balancers and uptime checks: at debug, so they do not fill the log. */
const PROBES = new Set(["/api/health", "/api/ready", "/health"]);

/**
 * One access line per request, after the answer (decision 040): request id, method, path (never the query string,
 * which may carry codes or tokens), status, duration and the signed-in user's id. Nothing from headers or bodies,
 * so no token, cookie or password can reach it. Below LOG_LEVEL the call is a no-op.
 */
export function logAccess(deps: AppDeps, c: Context<AppEnv>, started: number): void {
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
