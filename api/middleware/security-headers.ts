import type { Context } from "hono";
import { isHttpsRequest } from "../lib/client-address.ts";
import type { AppEnv } from "../lib/context.ts";
import { API_CSP, BASE_SECURITY_HEADERS, cspHeader, HSTS } from "../lib/security-headers.ts";

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
export function setSecurityHeaders(c: Context<AppEnv>): void {
  const headers = c.res.headers;
  for (const [name, value] of API_SECURITY_HEADERS) headers.set(name, value);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP_VALUE);
  headers.delete("X-Powered-By");
  if (isHttpsRequest(c)) c.header("Strict-Transport-Security", HSTS);
}
