import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { isHttpsRequest } from "../lib/client-address.ts";
import type { AppEnv } from "../lib/context.ts";
import { API_CSP, BASE_SECURITY_HEADERS, HSTS } from "../lib/security-headers.ts";

/**
 * hono/secure-headers with the app's values (api/lib/security-headers.ts). `overwrite: false` lets a handler that
 * renders a document (the API reference) keep its own Content-Security-Policy.
 */
const appSecureHeaders = secureHeaders({
  contentSecurityPolicy: API_CSP,
  xContentTypeOptions: BASE_SECURITY_HEADERS["X-Content-Type-Options"],
  xFrameOptions: BASE_SECURITY_HEADERS["X-Frame-Options"],
  referrerPolicy: BASE_SECURITY_HEADERS["Referrer-Policy"],
  crossOriginOpenerPolicy: BASE_SECURITY_HEADERS["Cross-Origin-Opener-Policy"],
  // Sent below, and only over https.
  strictTransportSecurity: false,
  overwrite: false,
});

/** Security headers on every answer of the app; HSTS when the request came over https (or a trusted proxy says so). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await appSecureHeaders(c, async () => {
    await next();
    if (isHttpsRequest(c)) c.header("Strict-Transport-Security", HSTS);
  });
});
