import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";
import { clientAddress } from "../lib/client-address.ts";
import type { AppDeps, AppEnv, AuthState } from "../lib/context.ts";
import { rateLimitSubject } from "../lib/ip-address.ts";
import { ApiFailure } from "../lib/result.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts the window allows. */
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `limit`.
 * One atomic upsert, so concurrent processes on the same database share the count.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<RateLimitResult> {
  const windowStart = now - (now % windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`${windowStart}`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/**
 * Tells the client where it stands (IETF draft "RateLimit header fields for HTTP", the separate-field form):
 * RateLimit-Limit, -Remaining and -Reset (seconds) of the tightest of `results`, the limit that will refuse it
 * first; Retry-After too when it was refused.
 */
export function setRateLimitHeaders(c: Context, ...results: RateLimitResult[]) {
  const refused = results.find((r) => !r.allowed);
  const tightest =
    refused ??
    results.reduce((a, b) =>
      b.remaining < a.remaining || (b.remaining === a.remaining && b.retryAfterSeconds > a.retryAfterSeconds)
        ? b
        : a,
    );
  c.header("RateLimit-Limit", String(tightest.limit));
  c.header("RateLimit-Remaining", String(tightest.remaining));
  c.header("RateLimit-Reset", String(tightest.retryAfterSeconds));
  if (refused) c.header("Retry-After", String(refused.retryAfterSeconds));
}

/**
 * Counts a credential attempt (`action`: signin, register, reset...) per client address, an IPv6 address counting
 * as its /64, then per email; sets the rate-limit headers and, over the limit, throws the 429 (with Retry-After
 * set).
 *
 * Over the per-email limit, a client that `isKnownClient` recognises (for sign-in: it signed in to this account
 * before) is held only to a limit of its own per email and address, so a stranger's failed attempts cannot lock
 * the holder out (decision note 018).
 */
export async function limitCredentialAttempt(
  // Any route's context, a signed-in one too (change-password): it reads only the deps and the address.
  c: Context,
  action: string,
  email: string,
  isKnownClient?: (address: string) => Promise<boolean>,
): Promise<void> {
  const { database, clock, config }: AppDeps = c.get("deps");
  const now = clock.now().getTime();
  const { perIp, perEmail, windowMs } = config.authRateLimit;
  const address = clientAddress(c);
  const subject = address ? rateLimitSubject(address) : "unknown";
  const consume = (key: string, limit: number) => consumeRateLimit(database.db, key, limit, windowMs, now);

  // One after the other: an address over its limit spends nothing of the email's.
  const byAddress = await consume(`${action}:ip:${subject}`, perIp);
  let result = byAddress;
  if (result.allowed) {
    result = await consume(`${action}:email:${email}`, perEmail);
    if (!result.allowed && address && isKnownClient && (await isKnownClient(address))) {
      result = await consume(`${action}:email-client:${email}:${subject}`, perEmail);
    }
  }
  refuseOverLimit(c, byAddress, result);
}

/** Sets the rate-limit headers for `results` and, when one of them refused, throws the 429 (with Retry-After). */
export function refuseOverLimit(c: Context, ...results: RateLimitResult[]): void {
  setRateLimitHeaders(c, ...results);
  const refused = results.find((r) => !r.allowed);
  if (!refused) return;
  throw new ApiFailure(429, {
    message: `Too many attempts. Try again in ${refused.retryAfterSeconds} seconds.`,
    code: "RATE_LIMITED",
  });
}

function refuseExpensive(c: Context, retryAfterSeconds: number): never {
  const { expensiveReads }: AppDeps = c.get("deps");
  setRateLimitHeaders(c, {
    allowed: false,
    limit: expensiveReads.inFlight,
    remaining: 0,
    retryAfterSeconds,
  });
  throw new ApiFailure(429, {
    message: `Too many searches or analyses at once. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
    code: "RATE_LIMITED",
  });
}

/**
 * Whose share of the process an expensive read spends: the signed-in user's, or for a signed-out caller of a public
 * read its client address's (an IPv6 address as its /64), so a visitor without an account is held to one share too
 * (decision 144).
 */
function budgetKey(c: Context): string {
  const auth: AuthState | null = c.get("auth");
  if (auth) return `user:${auth.user.id}`;
  const address = clientAddress(c);
  return `address:${address ? rateLimitSubject(address) : "unknown"}`;
}

/**
 * On the expensive routes: a caller who has spent their share of this process's time on computations
 * (enterWorkBudget) is answered 429 with Retry-After at once, before anything else is done (decisions 089 and 095).
 * Nothing is written: the refusal costs what a signed-in read costs.
 */
export const refuseSpentCallers = createMiddleware<AppEnv>(async (c, next) => {
  const wait = c.get("deps").expensiveReads.spent(budgetKey(c));
  if (wait !== null) refuseExpensive(c, wait);
  await next();
});

/**
 * Takes one of the caller's places for a computation (a track record, a historical search or an analysis) in their
 * share of this process, or throws the 429 (with Retry-After) when they have two computations running here or have
 * spent their share of its time, so one caller's searches cannot queue up in front of everyone else's requests
 * (decisions 089 and 095). Call it before the computation starts and `release` the place when it has ended,
 * however it ended: the time between is charged to the caller.
 */
export function enterWorkBudget(c: Context): { release(): void } {
  const { expensiveReads }: AppDeps = c.get("deps");
  const entered = expensiveReads.enter(budgetKey(c));
  if ("retryAfterSeconds" in entered) refuseExpensive(c, entered.retryAfterSeconds);
  return entered;
}
