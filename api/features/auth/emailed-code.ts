import { and, desc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
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
/** Codes (of any purpose) mailed to one address in a day for one requester (a client address, or the signed-in account). */
export const MAX_CODES_PER_REQUESTER_PER_DAY = 5;
/**
 * Codes mailed to one address in a day for all anonymous requesters together: the app cannot be made to pester it,
 * while one stranger's requests spend only their own share (decision 106).
 */
export const MAX_CODES_PER_ADDRESS_PER_DAY = 15;
/** Live codes an account keeps per purpose: a new one voids only the oldest beyond these, so a stranger's request never cancels the holder's code. */
export const MAX_LIVE_CODES = 3;
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

/** Who asks for a code: an anonymous client (a rate-limit subject: an address, or a /64), or a signed-in account. */
export type CodeRequester = { client: string; knownClient?: () => Promise<boolean> } | { userId: number };

/**
 * Counts one code mailed to `address` for `requester`: against the requester's own daily quota for the address
 * (MAX_CODES_PER_REQUESTER_PER_DAY) and, for an anonymous client, against the address's overall ceiling
 * (MAX_CODES_PER_ADDRESS_PER_DAY), which a client that `knownClient` recognises (it signed in to the account before)
 * is not held to. A signed-in account's own requests are never counted with anonymous ones, so strangers cannot
 * spend them (decision 106). Call it before `issueCode`; answers every limit counted, and mail nothing when one
 * refused.
 */
export async function countCodeTo(
  deps: AppDeps,
  address: string,
  requester: CodeRequester,
): Promise<RateLimitResult[]> {
  const consume = (key: string, limit: number) =>
    consumeRateLimit(deps.database.db, key, limit, DAY_MS, deps.clock.now().getTime());
  if ("userId" in requester) {
    return [
      await consume(`codes-mailed:${address}:user:${requester.userId}`, MAX_CODES_PER_REQUESTER_PER_DAY),
    ];
  }
  const own = await consume(
    `codes-mailed:${address}:client:${requester.client}`,
    MAX_CODES_PER_REQUESTER_PER_DAY,
  );
  if (!own.allowed) return [own];
  const overall = await consume(`codes-mailed:${address}`, MAX_CODES_PER_ADDRESS_PER_DAY);
  if (!overall.allowed && (await requester.knownClient?.())) return [own];
  return [own, overall];
}

/**
 * Issues a fresh 6-digit code for the account and purpose and answers it, to be mailed. Earlier live codes stay
 * usable, up to MAX_LIVE_CODES in all: only the oldest beyond those are voided.
 */
export async function issueCode(deps: AppDeps, userId: number, purpose: CodePurpose): Promise<string> {
  const now = deps.clock.now();
  const code = randomCode();
  const hash = await codeHash(purpose, userId, code);
  await deps.database.db.transaction(async (tx) => {
    const live = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(liveCodes(userId, purpose, now))
      .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id));
    const oldest = live.slice(MAX_LIVE_CODES - 1).map((r) => r.id);
    if (oldest.length) {
      await tx.update(passwordResets).set({ usedAt: now }).where(inArray(passwordResets.id, oldest));
    }
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

const liveCodes = (userId: number, purpose: CodePurpose, now: Date) =>
  and(
    eq(passwordResets.userId, userId),
    eq(passwordResets.purpose, purpose),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );

/** Voids every live code of the account for the purpose (one was used). */
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
 * Checks `code` against the account's live codes for the purpose (up to MAX_LIVE_CODES; any of them may match) and
 * answers the matching code's id, for the caller to spend with `spendCode` inside its own transaction. A try counts
 * against each live code it is compared with: first against what `client` (a rate-limit subject: an address, or a
 * /64) may try at that code, then against the code's own total (so parallel guesses cannot exceed it); a code that
 * reached MAX_TRIES_PER_CODE wrong tries is void. So each code still takes at most 20 guesses in its life.
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
  const live = await db
    .select()
    .from(passwordResets)
    .where(liveCodes(userId, purpose, now))
    .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
    .limit(MAX_LIVE_CODES);
  const hash = await codeHash(purpose, userId, code);
  for (const row of live) {
    const mine = await consumeRateLimit(
      db,
      `code-tries:${row.id}:${client}`,
      MAX_TRIES_PER_CLIENT,
      DAY_MS,
      now.getTime(),
    );
    if (!mine.allowed) continue;
    const [claimed] = await db
      .update(passwordResets)
      .set({ attempts: row.attempts + 1 })
      .where(
        and(
          eq(passwordResets.id, row.id),
          eq(passwordResets.attempts, row.attempts),
          lt(passwordResets.attempts, MAX_TRIES_PER_CODE),
          isNull(passwordResets.usedAt),
        ),
      )
      .returning({ attempts: passwordResets.attempts });
    // Lost a race with another try, or out of tries: the try counted as nothing but a refusal at this code.
    if (!claimed) continue;
    if (row.codeHash === hash) return success(row.id);
    if (claimed.attempts >= MAX_TRIES_PER_CODE) {
      await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, row.id));
    }
  }
  return INVALID_CODE;
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
