import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { isHttpsRequest } from "../lib/client-address.ts";
import type { AppEnv } from "../lib/context.ts";
import { ApiFailure } from "../lib/result.ts";
import { SESSION_COOKIE } from "./auth.ts";

export const CROSS_SITE_REFUSED = {
  message: "Forbidden: cross-site requests may not change anything with the session cookie.",
  code: "CROSS_SITE",
} as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses (403) a state-changing request that would act through the session cookie when the browser says it
 * comes from another site: Sec-Fetch-Site other than same-origin or none, or (older browsers) an Origin that is
 * not ours. The cookie is SameSite=Lax, which still lets a sibling subdomain's form post carry it, and the bodiless
 * POSTs (logout, regenerate-api-key, recommendations/generate) need no CORS preflight. Runs after resolveAuth:
 * calls that its Authorization header signed in (session token or API key) carry no ambient credential and pass;
 * any other Authorization header (Basic, a stale token) leaves the cookie acting, so the check applies. Clients
 * that send neither Sec-Fetch-Site nor Origin (not a browser) pass. Decision notes 020 and 087.
 */
export const refuseCrossSiteCookieWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (
    SAFE_METHODS.has(c.req.method) ||
    c.get("auth")?.via === "authorization" ||
    !getCookie(c, SESSION_COOKIE)
  ) {
    return next();
  }
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  // Our own origin, with the scheme a trusted proxy reports when TLS ends in front of us.
  const ownOrigin = `${isHttpsRequest(c) ? "https" : "http"}://${new URL(c.req.url).host}`;
  const crossSite = site
    ? site !== "same-origin" && site !== "none"
    : origin !== undefined && origin !== ownOrigin;
  if (crossSite) throw new ApiFailure(403, CROSS_SITE_REFUSED);
  return next();
});
