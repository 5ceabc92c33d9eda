import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { passwordResets } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import { consumeRateLimit, type RateLimitResult } from "../../middleware/rate-limit.ts";

/** What a mailed code is for: setting a new password, or proving the address before alert emails go to it. */
export type CodePurpose = "password-reset" | "verify-email";

export const CODE_TTL_MS = 15 * 60_000;
/** Tries one client address gets at one code, right or wrong: a stranger's guesses never spend the holder's. */
export const MAX_TRIES_PER_CLIENT = 5;
/** Wrong tries a code takes from all addresses together before it is void: the bound on guessing (20 in 10^6). */
export const MAX_TRIES_PER_CODE = 20;
/** Codes (of any purpose) mailed to one address in a day, whoever asks: the app cannot be made to pester it. */
export const MAX_CODES_PER_ADDRESS_PER_DAY = 5;
const DAY_MS = 86_400_000;
/** The database or a transaction on it. */
type Writer = Pick<Db, "update">;

export const INVALID_CODE = failure(
  400,
  "INVALID_CODE",
  "That code is wrong, used or expired. Ask for a new one.",
);

function randomCode(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return String(n).padStart(6, "0");
}

// Password-reset codes keep the hash they had before codes had purposes.
const codeHash = (purpose: CodePurpose, userId: number, code: string) =>
  sha256Hex(`${purpose}:${userId}:${code.trim()}`);

/**
 * Counts one code mailed to `address` against MAX_CODES_PER_ADDRESS_PER_DAY (codes of every purpose, whoever asks
 * for them): call it before `issueCode`, and mail nothing when it refuses.
 */
export function countCodeTo(deps: AppDeps, address: string): Promise<RateLimitResult> {
  return consumeRateLimit(
    deps.database.db,
    `codes-mailed:${address}`,
    MAX_CODES_PER_ADDRESS_PER_DAY,
    DAY_MS,
    deps.clock.now().getTime(),
  );
}

/** Issues a fresh 6-digit code for the account and purpose, voiding its earlier live one; answers it, to be mailed. */
export async function issueCode(deps: AppDeps, userId: number, purpose: CodePurpose): Promise<string> {
  const now = deps.clock.now();
  const code = randomCode();
  const hash = await codeHash(purpose, userId, code);
  await deps.database.db.transaction(async (tx) => {
    await voidCodes(tx, userId, purpose, now);
    await tx.insert(passwordResets).values({
      userId,
      purpose,
      codeHash: hash,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
  });
  return code;
}

/** Voids every live code of the account for the purpose (a new code, or one used). */
export function voidCodes(tx: Writer, userId: number, purpose: CodePurpose, now: Date) {
  return tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.purpose, purpose),
        isNull(passwordResets.usedAt),
      ),
    );
}

/**
 * Checks `code` against the account's live code for the purpose and answers that code's id, for the caller to spend
 * with `spendCode` inside its own transaction. Each try counts first against what `client` (a rate-limit subject:
 * an address, or a /64) may try at this code, then against the code's own total (so parallel guesses cannot exceed
 * it); a code that reached MAX_TRIES_PER_CODE wrong tries is void.
 */
export async function checkCode(
  deps: AppDeps,
  userId: number,
  purpose: CodePurpose,
  code: string,
  client: string,
): Promise<Result<number, 400>> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const [live] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.purpose, purpose),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
    .limit(1);
  if (!live) return INVALID_CODE;
  const mine = await consumeRateLimit(
    db,
    `code-tries:${live.id}:${client}`,
    MAX_TRIES_PER_CLIENT,
    DAY_MS,
    now.getTime(),
  );
  if (!mine.allowed) return INVALID_CODE;
  const [claimed] = await db
    .update(passwordResets)
    .set({ attempts: live.attempts + 1 })
    .where(
      and(
        eq(passwordResets.id, live.id),
        eq(passwordResets.attempts, live.attempts),
        lt(passwordResets.attempts, MAX_TRIES_PER_CODE),
        isNull(passwordResets.usedAt),
      ),
    )
    .returning({ attempts: passwordResets.attempts });
  // Lost a race with another try, or out of tries: the try still counted as nothing but a refusal.
  if (!claimed) return INVALID_CODE;
  if (live.codeHash !== (await codeHash(purpose, userId, code))) {
    if (claimed.attempts >= MAX_TRIES_PER_CODE) {
      await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, live.id));
    }
    return INVALID_CODE;
  }
  return success(live.id);
}

/**
 * Spends a code `checkCode` answered, voiding the account's other codes of the purpose; false when another request
 * spent it first.
 */
export async function spendCode(
  tx: Writer,
  codeId: number,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<boolean> {
  const spent = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, codeId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (!spent.length) return false;
  await voidCodes(tx, userId, purpose, now);
  return true;
}
