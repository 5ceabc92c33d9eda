import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/** The caller's address: X-Forwarded-For only when configured to trust a proxy, else the runtime's view. */
export function clientAddress(c: Context<AppEnv>): string | null {
  const deps = c.get("deps");
  if (deps.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return deps.clientAddress?.(c.req.raw, c.env) ?? null;
}
