// The browser-facing security headers, in one place for the three ways a response leaves the app: the Hono app
// (hono/secure-headers), the Bun server's static files, and the Worker's static assets (dist/_headers, written at
// build). Runtime-agnostic. Why each value: docs/decisions/020-http-hardening.md.

/** CSP directives as hono/secure-headers takes them (camelCase keys, one array of sources each). */
export type CspDirectives = Record<string, string[]>;

/**
 * The SPA: only its own scripts; its own styles plus inline ones, because Mantine writes its CSS variables and
 * responsive style props into `<style>` elements at run time (no nonce is possible on a static index.html).
 * Trusted Types for every script sink, with the one `default` policy web/lib/trusted-types.ts creates: it passes
 * only HTML without markup (decision note 087).
 */
export const SPA_CSP: CspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  requireTrustedTypesFor: ["'script'"],
  trustedTypes: ["default"],
};

/** API answers (JSON) are never rendered as documents: nothing may load from them, nothing may frame them. */
export const API_CSP: CspDirectives = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * /api/reference: Scalar's standalone bundle served from our own origin (copied from the pinned package at build),
 * which injects its stylesheet into a `<style>` element and renders schema icons as data: URIs. Besides our
 * `default` policy it needs Vue's own, `vue`, which Vue creates privately to insert its compiled templates' static
 * markup (Chromium refused those with `default` alone).
 */
export const API_REFERENCE_CSP: CspDirectives = {
  ...SPA_CSP,
  fontSrc: ["'self'", "data:"],
  workerSrc: ["'self'", "blob:"],
  trustedTypes: ["default", "vue"],
};

/** Where the build puts Scalar's standalone bundle (dist/), and so the URL the reference page loads it from. */
export const API_REFERENCE_SCRIPT_PATH = "/vendor/scalar/standalone.js";
/** The Trusted Types policy (web/lib/trusted-types.ts) built on its own for the reference page, loaded before Scalar. */
export const TRUSTED_TYPES_SCRIPT_PATH = "/vendor/trusted-types.js";

/** Strict-Transport-Security, sent only on responses that went out over https (lib/client-address.ts). */
export const HSTS = "max-age=31536000";

/**
 * Sent on every response. `strict-origin-when-cross-origin`, not `no-referrer`: under `no-referrer` browsers send
 * `Origin: null` on same-origin POSTs, which the cross-site write check (middleware/cross-site.ts) falls back on.
 */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Serializes directives the way hono/secure-headers does: `default-src 'self'; script-src 'self'; ...`. */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(" ")}`)
    .join("; ");
}

/** Sets the SPA's security headers (and HSTS when `https`) on a static file's response headers. */
export function setSpaSecurityHeaders(headers: Headers, https: boolean): void {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value);
  headers.set("Content-Security-Policy", cspHeader(SPA_CSP));
  if (https) headers.set("Strict-Transport-Security", HSTS);
}

/**
 * Cloudflare's `_headers` file for the Worker's static assets (served without running the Worker). HSTS is in it
 * unconditionally: Cloudflare serves over https, and browsers ignore the header on a plain http response.
 */
export function staticAssetsHeadersFile(): string {
  const lines = ["/*"];
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) lines.push(`  ${name}: ${value}`);
  lines.push(`  Content-Security-Policy: ${cspHeader(SPA_CSP)}`);
  lines.push(`  Strict-Transport-Security: ${HSTS}`);
  return `${lines.join("\n")}\n`;
}
