import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { AppDeps, SignedInUser } from "../../lib/context.ts";
import { done, failure, type Result } from "../../lib/result.ts";
import { consumeRateLimit, type RateLimitResult } from "../../middleware/rate-limit.ts";
import { checkCode, countCodeTo, issueCode, spendCode } from "./emailed-code.ts";

/** Verification codes one account may ask for in an hour (the address's own daily limit applies on top). */
export const MAX_VERIFICATION_CODES_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

const ALREADY_VERIFIED = failure(409, "EMAIL_ALREADY_VERIFIED", "Your email address is already verified.");
const MAIL_NOT_CONFIGURED = failure(
  503,
  "MAIL_NOT_CONFIGURED",
  "This server sends no email, so it cannot verify your address or send alert emails. Use a webhook instead.",
);

type Account = Pick<SignedInUser, "id" | "email" | "emailVerifiedAt">;

/**
 * Whether a verification code can be mailed to the account: not when its address is proven already, nor where mail
 * only reaches the log (a code there would sit in it for anyone who reads it).
 */
export function verificationNeeded(deps: AppDeps, user: Account): Result<undefined, 409 | 503> {
  if (user.emailVerifiedAt) return ALREADY_VERIFIED;
  if (deps.mailer.logsOnly) return MAIL_NOT_CONFIGURED;
  return done;
}

/**
 * Counts one code asked for, per account (MAX_VERIFICATION_CODES_PER_HOUR) and then the account's own daily quota
 * for its address, so nobody can make this server pester an address that is not theirs. Anonymous reset requests
 * for the same address are counted apart and never spend it (decision 106). Answers the limits counted; send
 * nothing when one refused.
 */
export async function countVerificationCode(deps: AppDeps, user: Account): Promise<RateLimitResult[]> {
  const now = deps.clock.now().getTime();
  const key = `verify-email:user:${user.id}`;
  const byAccount = await consumeRateLimit(
    deps.database.db,
    key,
    MAX_VERIFICATION_CODES_PER_HOUR,
    HOUR_MS,
    now,
  );
  if (!byAccount.allowed) return [byAccount];
  return [byAccount, ...(await countCodeTo(deps, user.email, { userId: user.id }))];
}

/** Mails the account a fresh 6-digit code that proves its address; its earlier live codes (up to 3 in all) still work. */
export async function sendVerificationCode(deps: AppDeps, user: Account): Promise<void> {
  const code = await issueCode(deps, user.id, "verify-email");
  await deps.mailer.send({
    to: user.email,
    subject: "Your Signalboard verification code",
    text:
      `Your verification code is ${code}. It works once, for 15 minutes.\n\n` +
      "Enter it in the alert settings of your watchlist: alert emails go to this address only once it is verified.\n\n" +
      "If you did not ask for it, ignore this email: no alert email is sent to an address that is not verified.",
  });
}

/** Proves the account's address with the code mailed to it, tried from `client` (a rate-limit subject). */
export async function confirmEmailVerification(
  deps: AppDeps,
  userId: number,
  code: string,
  client: string,
): Promise<Result<undefined, 400>> {
  const checked = await checkCode(deps, userId, "verify-email", code, client);
  if (!checked.ok) return checked;
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    // Lost to a parallel confirmation of the same code: that one proved the address.
    if (!(await spendCode(tx, checked.value, userId, "verify-email", now))) return;
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  });
  return done;
}
