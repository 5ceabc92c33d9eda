import { and, eq, isNull } from "drizzle-orm";
import { sessions, users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { done, failure, type Result } from "../../lib/result.ts";
import { hasSignedInFrom, newApiKey } from "./auth.service.ts";
import { checkCode, countCodeTo, INVALID_CODE, issueCode, spendCode } from "./emailed-code.ts";

const normaliseName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

const MAIL_NOT_CONFIGURED = failure(
  503,
  "MAIL_NOT_CONFIGURED",
  "Password reset by email is not configured here.",
);

/**
 * Whether reset codes can be mailed from this server: not where mail goes only to the log (no SMTP_URL, or a
 * Worker), since a code there would sit in the log for anyone who reads it. The same answer for every account,
 * so it says nothing about which emails exist.
 */
export function passwordResetAvailable(deps: AppDeps): Result<undefined, 503> {
  return deps.mailer.logsOnly ? MAIL_NOT_CONFIGURED : done;
}

/**
 * Whether a reset request's full name lets a code go to the account. Only a proven address's holder chose the
 * account's name: an account registered with an address nobody proved (a stranger's, perhaps, with any name or
 * none) is the address's owner's to take back, and the code goes to that address, which is the proof.
 */
function nameAllows(user: typeof users.$inferSelect, fullName: string): boolean {
  if (!user.emailVerifiedAt) return true;
  const expected = normaliseName(`${user.firstName ?? ""} ${user.lastName ?? ""}`);
  return !expected || normaliseName(fullName) === expected;
}

/**
 * Issues a single-use 6-digit code when the email matches an active account and the full name its name (where the
 * address is proven), keeping the account's earlier live codes (up to 3 in all), and mails it. The codes mailed are
 * counted per requesting client (`client`: a rate-limit subject; `address`: the client address, if known) under
 * the address's overall ceiling, which a client that signed in to the account before is not held to (decision
 * 106). Returns nothing either way; the route answers before this runs, so neither the answer nor its timing says
 * whether the details matched. Call it only when passwordResetAvailable: without a mailer that delivers it issues
 * nothing.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: { email: string; fullName: string; client: string; address: string | null },
): Promise<void> {
  const { email, fullName, client, address } = input;
  const user = await deps.database.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.isActive || !nameAllows(user, fullName)) return;
  if (!passwordResetAvailable(deps).ok) return;
  const counted = await countCodeTo(deps, user.email, {
    client,
    knownClient: async () => address !== null && hasSignedInFrom(deps, user.email, address),
  });
  // Silently, like every miss: the answer was sent already and must not tell.
  if (!counted.every((r) => r.allowed)) return;
  const code = await issueCode(deps, user.id, "password-reset");
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
 * Sets a new password with the account's live code, tried from `client` (a rate-limit subject). Success voids
 * every code, proves the email, ends every session and replaces the API key.
 */
export async function confirmPasswordReset(
  deps: AppDeps,
  input: { email: string; code: string; newPassword: string; client: string },
): Promise<Result<undefined, 400>> {
  const { db } = deps.database;
  const user = await db.query.users.findFirst({ where: eq(users.email, input.email) });
  if (!user?.isActive) return INVALID_CODE;
  const checked = await checkCode(deps, user.id, "password-reset", input.code, input.client);
  if (!checked.ok) return checked;
  const now = deps.clock.now();
  const hash = await deps.passwords.hash(input.newPassword);
  const apiKey = await newApiKey(deps.config.secret);
  const used = await db.transaction(async (tx) => {
    if (!(await spendCode(tx, checked.value, user.id, "password-reset", now))) return false;
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
