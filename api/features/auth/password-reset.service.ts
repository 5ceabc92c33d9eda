import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { passwordResets, sessions, users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { newApiKey } from "./auth.service.ts";

export const RESET_CODE_TTL_MS = 15 * 60_000;
/** Confirmations a code takes, right or wrong; after that many wrong ones it is void. */
export const MAX_RESET_ATTEMPTS = 5;

const normaliseName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

function randomCode(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return String(n).padStart(6, "0");
}

const codeHash = (userId: number, code: string) => sha256Hex(`password-reset:${userId}:${code.trim()}`);

/**
 * Issues a single-use 6-digit code when the email and full name match an active account, voiding any earlier
 * code, and mails it. Returns nothing either way; the route answers before this runs, so neither the answer nor
 * its timing says whether the details matched. Without a mailer that delivers (Workers, or Bun without SMTP_URL)
 * no code is issued and the log says so, never showing a code.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, fullName: string): Promise<void> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.isActive) return;
  const expected = normaliseName(`${user.firstName ?? ""} ${user.lastName ?? ""}`);
  if (!expected || normaliseName(fullName) !== expected) return;
  const mailer = deps.mailer;
  if (!mailer || mailer.logsOnly) {
    deps.log?.(
      "warn",
      "Password reset requested, but no mailer is configured (SMTP_URL), so no code was sent. " +
        "An operator can set a password with `bun scripts/admin.ts reset-password`.",
      { userId: user.id },
    );
    return;
  }
  const code = randomCode();
  const now = deps.clock.now();
  const hash = await codeHash(user.id, code);
  await db.transaction(async (tx) => {
    // One live code per account: a new one voids the old.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      codeHash: hash,
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      createdAt: now,
    });
  });
  await mailer.send({
    to: user.email,
    subject: "Your Signalboard password reset code",
    text:
      `Your password reset code is ${code}. It works once, for 15 minutes.\n\n` +
      "Using it signs out every session of your account and replaces your API key.\n\n" +
      "If you did not ask to reset your password, ignore this email; your password stays as it is.",
  });
}

/**
 * Sets a new password with the account's live code. Each try counts against the code first (so parallel guesses
 * cannot exceed MAX_RESET_ATTEMPTS); success voids every code, proves the email, ends every session and replaces
 * the API key.
 */
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
  const [live] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, user.id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
    .limit(1);
  if (!live) return "invalid";
  const [claimed] = await db
    .update(passwordResets)
    .set({ attempts: live.attempts + 1 })
    .where(
      and(
        eq(passwordResets.id, live.id),
        eq(passwordResets.attempts, live.attempts),
        lt(passwordResets.attempts, MAX_RESET_ATTEMPTS),
        isNull(passwordResets.usedAt),
      ),
    )
    .returning({ attempts: passwordResets.attempts });
  // Lost a race with another try, or out of tries: the try still counted as nothing but a refusal.
  if (!claimed) return "invalid";
  if (live.codeHash !== (await codeHash(user.id, code))) {
    if (claimed.attempts >= MAX_RESET_ATTEMPTS) {
      await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, live.id));
    }
    return "invalid";
  }
  const hash = await deps.passwords.hash(newPassword);
  const apiKey = await newApiKey(deps.config.secret);
  const used = await db.transaction(async (tx) => {
    const consumed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, live.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!consumed.length) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx
      .update(users)
      .set({
        passwordHash: hash,
        emailVerifiedAt: user.emailVerifiedAt ?? now,
        apiKeyHash: apiKey.hash,
        apiKeyCiphertext: apiKey.ciphertext,
        apiKeyCreatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ endTime: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endTime)));
    return true;
  });
  return used ? "ok" : "invalid";
}
