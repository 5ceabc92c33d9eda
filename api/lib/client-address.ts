import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { type ForwardedRequest, forwardedHttps, resolveClientAddress } from "./ip-address.ts";

function forwardedRequest(c: Context<AppEnv>): ForwardedRequest {
  return {
    peer: c.get("deps").clientAddress?.(c.req.raw, c.env) ?? null,
    forwardedFor: c.req.header("x-forwarded-for"),
    forwardedProto: c.req.header("x-forwarded-proto"),
  };
}

/**
 * The caller's IP address (canonical text), or null when unknown: X-Forwarded-For read from the right past the hops
 * TRUST_PROXY trusts, else the runtime's socket peer. Never a value the client made up (decision note 018).
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  return resolveClientAddress(c.get("deps").config.trustProxy, forwardedRequest(c));
}

/** Whether the client reached us over TLS: the request's own URL, or a trusted proxy's X-Forwarded-Proto. */
export function isHttpsRequest(c: Context<AppEnv>): boolean {
  if (c.req.url.startsWith("https:")) return true;
  // Without X-Forwarded-Proto no proxy vouches for https: skip resolving the peer (every answer asks this).
  if (!c.req.header("x-forwarded-proto")) return false;
  return forwardedHttps(c.get("deps").config.trustProxy, forwardedRequest(c));
}
