import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
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
import { done, failure, type Result, success } from "../../lib/result.ts";
import { sessionIdleEnd } from "../../middleware/auth.ts";
import { revokeAccess } from "../auth/auth.service.ts";

/** `q` as a LIKE pattern matching it anywhere, with its own `%`, `_` and `\` taken literally (ESCAPE '\'). */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const NO_SUCH_USER = failure(404, "NOT_FOUND", "No such user.");
const SELF = failure(409, "SELF", "You cannot deactivate or delete your own account.");
const LAST_ADMIN = failure(
  409,
  "LAST_ADMIN",
  "This is the last active admin; promote or activate another admin first.",
);

/** One page of users (email containing `q`, literally) with their session counts, and the total. */
export async function listUsers(deps: AppDeps, options: { q?: string; page: number; pageSize: number }) {
  const { db } = deps.database;
  const where = options.q ? sql`${users.email} like ${containsPattern(options.q)} escape '\\'` : undefined;
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
