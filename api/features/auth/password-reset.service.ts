import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { passwordResets, sessions, users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { done, failure, type Result } from "../../lib/result.ts";
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

const MAIL_NOT_CONFIGURED = failure(
  503,
  "MAIL_NOT_CONFIGURED",
  "Password reset by email is not configured here.",
);
const INVALID_CODE = failure(400, "INVALID_CODE", "That code is wrong, used or expired. Ask for a new one.");

/**
 * Whether reset codes can be mailed from this server: not where mail goes only to the log (no SMTP_URL, or a
 * Worker), since a code there would sit in the log for anyone who reads it. The same answer for every account,
 * so it says nothing about which emails exist.
 */
export function passwordResetAvailable(deps: AppDeps): Result<undefined, 503> {
  return deps.mailer.logsOnly ? MAIL_NOT_CONFIGURED : done;
}

/**
 * Issues a single-use 6-digit code when the email and full name match an active account, voiding any earlier
 * code, and mails it. Returns nothing either way; the route answers before this runs, so neither the answer nor
 * its timing says whether the details matched. Call it only when passwordResetAvailable: without a mailer that
 * delivers it issues nothing.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, fullName: string): Promise<void> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.isActive) return;
  const expected = normaliseName(`${user.firstName ?? ""} ${user.lastName ?? ""}`);
  if (!expected || normaliseName(fullName) !== expected) return;
  if (!passwordResetAvailable(deps).ok) return;
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
  await deps.mailer.send({
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
): Promise<Result<undefined, 400>> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.isActive) return INVALID_CODE;
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
  if (!live) return INVALID_CODE;
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
  if (!claimed) return INVALID_CODE;
  if (live.codeHash !== (await codeHash(user.id, code))) {
    if (claimed.attempts >= MAX_RESET_ATTEMPTS) {
      await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, live.id));
    }
    return INVALID_CODE;
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
  return used ? done : INVALID_CODE;
}
