import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import type { AppDeps, SignedInUser, UserRow } from "../../lib/context.ts";
import { decryptText, encryptText, randomToken, sha256Hex } from "../../lib/crypto.ts";
import { rateLimitSubject } from "../../lib/ip-address.ts";
import { done, failure, type Result, success } from "../../lib/result.ts";
import { API_KEY_PREFIX } from "../../middleware/auth.ts";
import type { CurrentUser, RegisterInput } from "./auth.schema.ts";

const EMAIL_TAKEN = failure(409, "EMAIL_TAKEN", "An account with this email already exists.");
const INVALID_CREDENTIALS = failure(401, "INVALID_CREDENTIALS", "Invalid email or password.");
const ACCOUNT_INACTIVE = failure(
  403,
  "ACCOUNT_INACTIVE",
  "ACCOUNT_INACTIVE: Your account is inactive. Please contact administrators to activate it.",
);

/** A fresh API key, its lookup hash and its encrypted copy. */
export async function newApiKey(secret: string) {
  const key = `${API_KEY_PREFIX}${randomToken(24)}`;
  return { key, hash: await sha256Hex(key), ciphertext: await encryptText(secret, key) };
}

/** The user's API key in plaintext (AES-GCM under the server secret). */
export function apiKeyOf(deps: AppDeps, user: Pick<SignedInUser, "apiKeyCiphertext">): Promise<string> {
  return decryptText(deps.config.secret, user.apiKeyCiphertext);
}

/** The signed-in user as the API answers it, with their API key in plaintext. */
export function toCurrentUser(user: SignedInUser, apiKey: string): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    isActive: user.isActive ? 1 : 0,
    apiKey,
    apiKeyCreatedAt: user.apiKeyCreatedAt.toISOString(),
  };
}

/**
 * Creates an account with a hashed password and a new API key. `emailVerified` only when the caller has proof
 * the holder receives the address's mail (a provider that vouches for it); plain registration proves nothing.
 */
export async function createUser(
  deps: AppDeps,
  input: RegisterInput & { isAdmin?: boolean; emailVerified?: boolean },
): Promise<Result<UserRow, 409>> {
  const { db } = deps.database;
  const existing = await db.query.users.findFirst({
    where: eq(users.email, input.email),
    columns: { id: true },
  });
  if (existing) return EMAIL_TAKEN;
  const apiKey = await newApiKey(deps.config.secret);
  const now = deps.clock.now();
  const rows = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      passwordHash: await deps.passwords.hash(input.password),
      isAdmin: input.isAdmin ?? false,
      emailVerifiedAt: input.emailVerified ? now : null,
      apiKeyHash: apiKey.hash,
      apiKeyCiphertext: apiKey.ciphertext,
      apiKeyCreatedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0] ? success(rows[0]) : EMAIL_TAKEN;
}

/** Whether anyone may register here (REGISTRATION): a 403 failure when registration is closed or invite-only. */
export function registrationOpen(deps: AppDeps): Result<undefined, 403> {
  const mode = deps.config.registration ?? "open";
  if (mode === "open") return done;
  return failure(
    403,
    "REGISTRATION_CLOSED",
    mode === "invite-only"
      ? "Registration is by invitation on this server. Ask an administrator to create your account."
      : "Registration is closed on this server.",
  );
}

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | null = null;

/** Checks email and password; the same failure for an unknown email and a wrong password. */
export async function verifyCredentials(
  deps: AppDeps,
  email: string,
  password: string,
): Promise<Result<UserRow, 401 | 403>> {
  const user = await deps.database.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user?.passwordHash) {
    decoyHash ??= deps.passwords.hash("decoy-password-for-timing");
    await deps.passwords.verify(password, await decoyHash);
    return INVALID_CREDENTIALS;
  }
  if (!(await deps.passwords.verify(password, user.passwordHash))) return INVALID_CREDENTIALS;
  if (!user.isActive) return ACCOUNT_INACTIVE;
  return success(user);
}

/** Starts a server-side session; returns the token, of which only the hash is stored. */
export async function startSession(
  deps: AppDeps,
  userId: number,
  meta: { ipAddress: string | null; userAgent: string | null },
): Promise<string> {
  const token = randomToken(32);
  const now = deps.clock.now();
  await deps.database.db.insert(sessions).values({
    userId,
    tokenHash: await sha256Hex(token),
    startTime: now,
    lastSeenAt: now,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/** Ends one session now (sign-out). */
export async function endSession(deps: AppDeps, sessionId: number): Promise<void> {
  await deps.database.db
    .update(sessions)
    .set({ endTime: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endTime)));
}

/** Ends every open session of a user (deactivation, an operator's password reset). */
export async function endAllSessions(deps: AppDeps, userId: number): Promise<void> {
  await deps.database.db
    .update(sessions)
    .set({ endTime: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endTime)));
}

/** Replaces the user's API key; the old one stops working at once (its hash no longer matches any user). */
export async function regenerateApiKey(
  deps: AppDeps,
  userId: number,
): Promise<{ apiKey: string; regeneratedAt: Date }> {
  const apiKey = await newApiKey(deps.config.secret);
  const regeneratedAt = deps.clock.now();
  await deps.database.db
    .update(users)
    .set({ apiKeyHash: apiKey.hash, apiKeyCiphertext: apiKey.ciphertext, apiKeyCreatedAt: regeneratedAt })
    .where(eq(users.id, userId));
  return { apiKey: apiKey.key, regeneratedAt };
}

/**
 * Takes back every credential the user holds: ends all their sessions and replaces their API key with one nobody
 * has seen (they read it after signing in again). What an operator's password reset and a deactivation do, so a
 * reactivated account or a new password brings no old credential back (issue 40). `db` may be a transaction.
 */
export async function revokeAccess(
  deps: AppDeps,
  userId: number,
  db: Pick<Db, "update"> = deps.database.db,
): Promise<void> {
  const apiKey = await newApiKey(deps.config.secret);
  const now = deps.clock.now();
  await db
    .update(users)
    .set({ apiKeyHash: apiKey.hash, apiKeyCiphertext: apiKey.ciphertext, apiKeyCreatedAt: now })
    .where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ endTime: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endTime)));
}

/**
 * Whether the account with this email has signed in before from `address` (an IPv6 address: from its /64), by
 * its recent sessions. Such a client keeps a sign-in limit of its own when strangers exhaust the email's
 * (decision note 018).
 */
export async function hasSignedInFrom(deps: AppDeps, email: string, address: string): Promise<boolean> {
  const subject = rateLimitSubject(address);
  const rows = await deps.database.db
    .select({ ipAddress: sessions.ipAddress })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email), isNotNull(sessions.ipAddress)))
    .orderBy(desc(sessions.startTime))
    .limit(100);
  return rows.some((r) => r.ipAddress !== null && rateLimitSubject(r.ipAddress) === subject);
}
