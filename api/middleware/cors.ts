import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/context.ts";

/**
 * CORS for the origins CORS_ORIGINS lists (decision note 087): their pages may send Authorization (an API key or
 * a session token) and Content-Type; no credentials mode, so a browser never sends cookies along or exposes an
 * answer to a cookie-bearing call. A request from any other origin passes untouched, preflight included: no CORS
 * header at all (only `Vary: Origin`), so the browser keeps the answer from that page.
 */
export function corsForListedOrigins(origins: readonly string[]) {
  const listed = new Set(origins);
  const allow = cors({
    origin: [...listed],
    allowHeaders: ["Authorization", "Content-Type"],
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    exposeHeaders: ["Retry-After", "X-Request-Id", "Link", "X-Total-Count", "X-Date-Counts", "ETag"],
    maxAge: 600,
    credentials: false,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header("origin");
    if (origin && listed.has(origin)) return allow(c, next);
    await next();
    // A cache must not hand this answer (without CORS headers) to a listed origin's page.
    c.header("Vary", "Origin", { append: true });
  });
}
