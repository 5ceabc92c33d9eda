import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  alertEvents,
  insights,
  notificationSettings,
  recommendations,
  sessions,
  users,
  watchlistItems,
} from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { randomToken } from "../../lib/crypto.ts";
import { done, failure, type Result, success } from "../../lib/result.ts";
import { parseUserAgent } from "../../lib/user-agent.ts";
import { sessionIdleEnd } from "../../middleware/auth.ts";
import { revokeAccess } from "../auth/auth.service.ts";

/** `q` as a LIKE pattern matching it anywhere, with its own `%`, `_` and `\` taken literally (ESCAPE '\'). */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const NO_SUCH_USER = failure(404, "NOT_FOUND", "No such user.");
const SELF = failure(409, "SELF", "You cannot deactivate or delete your own account.");
const NO_SUCH_SESSION = failure(404, "NOT_FOUND", "No such session.");
const SELF_DEMOTE = failure(409, "SELF", "You cannot demote yourself; ask another admin.");
/** The CLI's words for the same refusal (`bun scripts/admin.ts demote`). */
export const LAST_ADMIN_DEMOTE = "That is the last active admin; promote another first.";
const LAST_ADMIN = failure(
  409,
  "LAST_ADMIN",
  "This is the last active admin; promote or activate another admin first.",
);

/**
 * Users whose email, first name, last name or full name contains `q`, literally. SQLite's LIKE ignores case for
 * ASCII letters only: "zoë" finds "Zoë", "ZOË" does not (accent folding would need a stored folded column).
 */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  return sql`(${users.email} like ${p} escape '\\' or ${users.firstName} like ${p} escape '\\' or ${users.lastName} like ${p} escape '\\' or (coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${p} escape '\\')`;
}

/** One page of users (email or name containing `q`, literally) with their session counts, and the total. */
export async function listUsers(deps: AppDeps, options: { q?: string; page: number; pageSize: number }) {
  const { db } = deps.database;
  const where = matching(options.q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isAdmin: users.isAdmin,
        isActive: users.isActive,
        createdAt: users.createdAt,
        // Qualified by hand: inside a subquery Drizzle would print both columns unqualified.
        sessionCount: sql<number>`(select count(*) from "sessions" as "s" where "s"."user_id" = "users"."id")`,
      })
      .from(users)
      .where(where)
      .orderBy(users.id)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      ...r,
      isAdmin: r.isAdmin ? 1 : 0,
      isActive: r.isActive ? 1 : 0,
      sessionCount: Number(r.sessionCount),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** A user's sessions, newest first; one idle past the limit counts as ended when it went idle. */
export async function userSessions(deps: AppDeps, userId: number) {
  const exists = await deps.database.db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { id: true },
  });
  if (!exists) return NO_SUCH_USER;
  const rows = await deps.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.startTime))
    .limit(200);
  const now = deps.clock.now().getTime();
  return success(
    rows.map((s) => {
      const idleEnd = sessionIdleEnd(s.lastSeenAt, deps.config.sessionIdleMs);
      const end = s.endTime?.getTime() ?? (idleEnd <= now ? idleEnd : null);
      return {
        id: s.id,
        userId: s.userId,
        startTime: s.startTime.toISOString(),
        endTime: end === null ? null : new Date(end).toISOString(),
        duration: end === null ? null : Math.round((end - s.startTime.getTime()) / 60_000),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
        ...parseUserAgent(s.userAgent),
      };
    }),
  );
}

/** An admin's change to a user: done, or refused (no such user, their own account, the last active admin). */
export type AdminChange = Result<undefined, 404 | 409>;

/**
 * True for a user whose removal leaves an active admin: not an active admin, or another one is active. Used inside
 * the UPDATE that removes them, so the check and the change are one statement: two admins removing each other at
 * once cannot both pass it.
 */
function leavesAnActiveAdmin(userId: number): SQL {
  // Qualified by hand: inside a subquery Drizzle would print the columns unqualified.
  const others = sql`(select count(*) from "users" as "others" where "others"."is_admin" = 1 and "others"."is_active" = 1 and "others"."id" <> ${userId})`;
  return or(eq(users.isAdmin, false), eq(users.isActive, false), sql`${others} > 0`)!;
}

/**
 * Activates or deactivates a user. Deactivation ends their sessions and replaces their API key at once, so
 * activating them later lets them sign in again but brings back no session or key from before.
 */
export async function setUserActive(
  deps: AppDeps,
  actorId: number,
  userId: number,
  active: boolean,
): Promise<AdminChange> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return NO_SUCH_USER;
  if (!active && userId === actorId) return SELF;
  if (active) {
    await db.update(users).set({ isActive: true }).where(eq(users.id, userId));
    return done;
  }
  return db.transaction(async (tx): Promise<AdminChange> => {
    const changed = await tx
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.id, userId), leavesAnActiveAdmin(userId)))
      .returning({ id: users.id });
    if (!changed.length) return LAST_ADMIN;
    // The key is replaced, not only refused while inactive: reactivation must not bring it back (issue 40).
    await revokeAccess(deps, userId, tx);
    return done;
  });
}

/** Deletes a user and everything that is theirs, in one transaction. */
export async function deleteUser(deps: AppDeps, actorId: number, userId: number): Promise<AdminChange> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return NO_SUCH_USER;
  if (userId === actorId) return SELF;
  return db.transaction(async (tx): Promise<AdminChange> => {
    // Deactivated first, under the same guard as deactivation, so a concurrent removal sees one admin fewer.
    const claimed = await tx
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.id, userId), leavesAnActiveAdmin(userId)))
      .returning({ id: users.id });
    if (!claimed.length) return LAST_ADMIN;
    await tx.delete(alertEvents).where(eq(alertEvents.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(watchlistItems).where(eq(watchlistItems.userId, userId));
    await tx.delete(insights).where(eq(insights.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.update(recommendations).set({ postedBy: null }).where(eq(recommendations.postedBy, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return done;
  });
}

/** Ends one session now (a no-op for one already ended); the user signs in again to go on. */
export async function endSession(deps: AppDeps, sessionId: number): Promise<Result<undefined, 404>> {
  const { db } = deps.database;
  const session = await db.query.sessions.findFirst({
    where: eq(sessions.id, sessionId),
    columns: { id: true },
  });
  if (!session) return NO_SUCH_SESSION;
  await db
    .update(sessions)
    .set({ endTime: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endTime)));
  return done;
}

/**
 * Promotes or demotes a user. Refuses an admin demoting themself, and demoting the last active admin (checked in
 * the UPDATE itself, as deactivation is). The CLI calls it with actor 0: an operator is nobody's account.
 */
export async function setUserAdmin(
  deps: AppDeps,
  actorId: number,
  userId: number,
  isAdmin: boolean,
): Promise<AdminChange> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { id: true } });
  if (!user) return NO_SUCH_USER;
  if (isAdmin) {
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    return done;
  }
  if (userId === actorId) return SELF_DEMOTE;
  const changed = await db
    .update(users)
    .set({ isAdmin: false })
    .where(and(eq(users.id, userId), leavesAnActiveAdmin(userId)))
    .returning({ id: users.id });
  return changed.length ? done : failure(409, "LAST_ADMIN", LAST_ADMIN_DEMOTE);
}

/**
 * Sets a user's password, ends their sessions and replaces their API key, in one transaction: whoever had the
 * account may have read the key. The operator's reset-password and the admin panel's reset both come here.
 */
export async function resetUserPassword(
  deps: AppDeps,
  userId: number,
  password: string,
): Promise<Result<undefined, 404>> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { id: true } });
  if (!user) return NO_SUCH_USER;
  const passwordHash = await deps.passwords.hash(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeAccess(deps, userId, tx);
  });
  return done;
}

/**
 * A temporary password for an admin to hand over once: 15 random bytes (120 bits) as 20 URL-safe characters.
 * Only its hash is stored; nothing logs it.
 */
export function temporaryPassword(): string {
  return randomToken(15);
}
