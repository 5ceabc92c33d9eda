import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { sessions, users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { done, failure, type Result } from "../../lib/result.ts";
import { parseUserAgent } from "../../lib/user-agent.ts";
import { sessionIdleEnd } from "../../middleware/auth.ts";
import type { AccountSession, ChangePasswordInput } from "./auth.schema.ts";
import { newApiKey } from "./auth.service.ts";
import { voidCodes } from "./emailed-code.ts";

const WRONG_PASSWORD = failure(400, "WRONG_PASSWORD", "Your current password is wrong.");
const NO_PASSWORD = failure(
  400,
  "NO_PASSWORD",
  "Your account has no password yet: you sign in with a provider. Set one with Reset password on the sign-in page.",
);

/**
 * Changes the password of a signed-in user who knows the current one (ASVS 2.1.5/2.1.6). Ends every other session
 * of the account, replaces its API key and voids its live reset codes, keeping `sessionId` (the session asking).
 */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  sessionId: number,
  input: ChangePasswordInput,
): Promise<Result<undefined, 400>> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { passwordHash: true },
  });
  if (!user?.passwordHash) return NO_PASSWORD;
  if (!(await deps.passwords.verify(input.currentPassword, user.passwordHash))) return WRONG_PASSWORD;
  const hash = await deps.passwords.hash(input.newPassword);
  const apiKey = await newApiKey(deps.config.secret);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash: hash,
        apiKeyHash: apiKey.hash,
        apiKeyCiphertext: apiKey.ciphertext,
        apiKeyCreatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ endTime: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.endTime)));
    await voidCodes(tx, userId, "password-reset", now);
  });
  return done;
}

/** The account's open sessions, the current one first and then by when they were last seen. */
export async function openSessions(
  deps: AppDeps,
  userId: number,
  sessionId: number,
): Promise<AccountSession[]> {
  const rows = await deps.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endTime)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  const now = deps.clock.now().getTime();
  return rows
    .filter((s) => sessionIdleEnd(s.lastSeenAt, deps.config.sessionIdleMs) > now)
    .map((s) => ({
      id: s.id,
      current: s.id === sessionId,
      ...parseUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      startTime: s.startTime.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends every open session of the account but `sessionId`; answers how many ended. */
export async function endOtherSessions(deps: AppDeps, userId: number, sessionId: number): Promise<number> {
  const ended = await deps.database.db
    .update(sessions)
    .set({ endTime: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.endTime)))
    .returning({ id: sessions.id });
  return ended.length;
}
