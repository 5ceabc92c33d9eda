import { and, count, desc, eq, isNull, like, ne, sql } from "drizzle-orm";
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

export async function listUsers(deps: AppDeps, options: { q?: string; page: number; pageSize: number }) {
  const { db } = deps.database;
  const where = options.q
    ? like(users.email, `%${options.q.replaceAll("%", "\\%").replaceAll("_", "\\_")}%`)
    : undefined;
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
  const rows = await deps.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.startTime))
    .limit(200);
  const now = deps.clock.now().getTime();
  return rows.map((s) => {
    const idleEnd = s.lastSeenAt.getTime() + deps.config.sessionIdleMs;
    const end = s.endTime?.getTime() ?? (idleEnd < now ? idleEnd : null);
    return {
      id: s.id,
      userId: s.userId,
      startTime: s.startTime.toISOString(),
      endTime: end === null ? null : new Date(end).toISOString(),
      duration: end === null ? null : Math.round((end - s.startTime.getTime()) / 60_000),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    };
  });
}

export type AdminChange = "ok" | "not-found" | "self" | "last-admin";

async function isLastActiveAdmin(deps: AppDeps, userId: number): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, userId)));
  return (row?.n ?? 0) === 0;
}

/** Activates or deactivates a user; deactivation ends their sessions at once (their key stops too). */
export async function setUserActive(
  deps: AppDeps,
  actorId: number,
  userId: number,
  active: boolean,
): Promise<AdminChange> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return "not-found";
  if (!active && userId === actorId) return "self";
  if (!active && user.isAdmin && user.isActive && (await isLastActiveAdmin(deps, userId)))
    return "last-admin";
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: active }).where(eq(users.id, userId));
    if (!active) {
      await tx
        .update(sessions)
        .set({ endTime: deps.clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.endTime)));
    }
  });
  return "ok";
}

/** Deletes a user and everything that is theirs, in one transaction. */
export async function deleteUser(deps: AppDeps, actorId: number, userId: number): Promise<AdminChange> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return "not-found";
  if (userId === actorId) return "self";
  if (user.isAdmin && user.isActive && (await isLastActiveAdmin(deps, userId))) return "last-admin";
  await db.transaction(async (tx) => {
    await tx.delete(alertEvents).where(eq(alertEvents.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(watchlistItems).where(eq(watchlistItems.userId, userId));
    await tx.delete(insights).where(eq(insights.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.update(recommendations).set({ postedBy: null }).where(eq(recommendations.postedBy, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return "ok";
}
