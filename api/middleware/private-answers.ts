import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../lib/context.ts";
import { SESSION_COOKIE } from "./auth.ts";

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * A public read's answer to a caller without a credential (the track record, the pre-registered test): the same for
 * everyone, so any cache may keep it a minute; a new call then shows within a minute (decision 144).
 */
export const PUBLIC_MAX_AGE = "public, max-age=60";

/**
 * `Cache-Control: private, no-store` on every API answer that may carry credentials or personal data, whatever its status
 * and whatever the handler set: the request came with a credential (Authorization header or session cookie), the
 * path is under /api/auth/ (sign-in, registration, reset, OAuth hand tokens out), or the answer sets a cookie.
 * Set here, after the handler, so a new private route cannot forget it; it replaces the kept reads' `private`
 * (decision 088), whose ETags then serve clients that send If-None-Match themselves. Public reads without a
 * credential keep what their handler sends (decision note 087), `PUBLIC_MAX_AGE` on the public reads.
 */
export function noStoreForPrivateAnswers(c: Context<AppEnv>): void {
  const personal =
    c.req.header("authorization") !== undefined ||
    getCookie(c, SESSION_COOKIE) !== undefined ||
    c.req.path.startsWith("/api/auth/") ||
    c.res.headers.has("set-cookie");
  if (personal) c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
}
