import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import { passwordResets, rateLimits, sessions } from "../../db/schema/index.ts";
import type { AppDeps } from "../lib/context.ts";
import { sessionIdleEnd } from "../middleware/auth.ts";

const DAY_MS = 86_400_000;
/**
 * Ended sessions stay this long: the admin panel shows them, and a sign-in from an address of one of them keeps
 * its own limit while strangers exhaust the email's (decision note 018).
 */
export const SESSION_RETENTION_MS = 30 * DAY_MS;
/** Rate-limit windows are minutes long (the longest is AUTH_RATE_LIMIT_WINDOW_SECONDS); a day-old one is over. */
const RATE_LIMIT_RETENTION_MS = DAY_MS;

/**
 * Deletes what can no longer matter: rate-limit counters of windows that are over, sessions ended (or idled out)
 * more than SESSION_RETENTION_MS ago, and password reset codes past their expiry. Answers how many of each.
 */
export async function pruneAuthRecords(deps: AppDeps) {
  const { db } = deps.database;
  const now = deps.clock.now().getTime();
  const windowOver = now - Math.max(RATE_LIMIT_RETENTION_MS, deps.config.authRateLimit.windowMs);
  const endedBefore = new Date(now - SESSION_RETENTION_MS);
  // An open session idled out before endedBefore when its lastSeenAt is older than this.
  const idleSpan = sessionIdleEnd(new Date(0), deps.config.sessionIdleMs);
  const idleBefore = new Date(endedBefore.getTime() - idleSpan);
  const [limits, ended, resets] = await Promise.all([
    db.delete(rateLimits).where(lt(rateLimits.windowStart, windowOver)).returning({ key: rateLimits.key }),
    db
      .delete(sessions)
      .where(
        or(
          and(isNotNull(sessions.endTime), lt(sessions.endTime, endedBefore)),
          and(isNull(sessions.endTime), lt(sessions.lastSeenAt, idleBefore)),
        ),
      )
      .returning({ id: sessions.id }),
    db
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, new Date(now)))
      .returning({ id: passwordResets.id }),
  ]);
  return { rateLimits: limits.length, sessions: ended.length, passwordResets: resets.length };
}
