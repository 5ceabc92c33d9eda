import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { passwordResets, users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { logMailer } from "../../lib/mailer.ts";
import { endAllSessions } from "./auth.service.ts";

export const RESET_CODE_TTL_MS = 15 * 60_000;

const normaliseName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

function randomCode(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return String(n).padStart(6, "0");
}

const codeHash = (userId: number, code: string) => sha256Hex(`password-reset:${userId}:${code.trim()}`);

/**
 * Issues a single-use 6-digit code when the email and full name match an active account, and mails it.
 * Says nothing about whether they matched: the caller answers the same either way.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, fullName: string): Promise<void> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.isActive) return;
  const expected = normaliseName(`${user.firstName ?? ""} ${user.lastName ?? ""}`);
  if (!expected || normaliseName(fullName) !== expected) return;
  const code = randomCode();
  const now = deps.clock.now();
  await db.insert(passwordResets).values({
    userId: user.id,
    codeHash: await codeHash(user.id, code),
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    createdAt: now,
  });
  const mailer = deps.mailer ?? logMailer((m) => deps.log?.("info", m));
  await mailer.send({
    to: user.email,
    subject: "Your Signalboard password reset code",
    text:
      `Your password reset code is ${code}. It works once, for 15 minutes.\n\n` +
      "If you did not ask to reset your password, ignore this email; your password stays as it is.",
  });
}

/** Sets a new password with a valid code; the code is used up and every session of the user ends. */
export async function confirmPasswordReset(
  deps: AppDeps,
  email: string,
  code: string,
  newPassword: string,
): Promise<"ok" | "invalid"> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.isActive) return "invalid";
  const now = deps.clock.now();
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, user.id),
        eq(passwordResets.codeHash, await codeHash(user.id, code)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!reset) return "invalid";
  const hash = await deps.passwords.hash(newPassword);
  const used = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!claimed.length) return false;
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
    return true;
  });
  if (!used) return "invalid";
  await endAllSessions(deps, user.id);
  return "ok";
}
