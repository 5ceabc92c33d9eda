import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Context } from "hono";
import { getRuntimeKey } from "hono/adapter";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { dataVersions, sessions, users } from "../../db/schema/index.ts";
import { afterAnswer } from "../lib/after-answer.ts";
import type { DataVersions } from "../lib/answer-cache.ts";
import type { AdminEnv, AppDeps, AppEnv, AuthState, SessionEnv, SignedInEnv } from "../lib/context.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { readBatches } from "../lib/read-batch.ts";
import { ApiFailure } from "../lib/result.ts";
import { readOnPrimary } from "./replica-misses.ts";

export const SESSION_COOKIE = "sb_session";
export const API_KEY_PREFIX = "sbk_";
/** lastSeenAt is written at most this often, so reads don't each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * When a session idles out (ms): from this instant on it is refused. Requests less than TOUCH_INTERVAL_MS after
 * lastSeenAt was written leave it as it is, so the last activity may be up to that much later than it says:
 * counting from there, no session ends early; one left alone right after a write lives at most that much longer
 * (decision note 018).
 */
export function sessionIdleEnd(lastSeenAt: Date, idleMs: number): number {
  return lastSeenAt.getTime() + TOUCH_INTERVAL_MS + idleMs;
}

export const UNAUTHORIZED = { message: "Unauthorized: please sign in.", code: "UNAUTHORIZED" } as const;
/** A bearer API key that matches no active account: signing in again would not help the script that sent it. */
export const API_KEY_INVALID = {
  message:
    "Unauthorized: this API key is invalid or has been revoked. Use your current key from your account page.",
  code: "UNAUTHORIZED",
} as const;
/** A session token or cookie that no longer opens a session (idled out, signed out, or never valid). */
export const SESSION_EXPIRED = {
  message: "Unauthorized: your session has expired or ended. Please sign in again.",
  code: "UNAUTHORIZED",
} as const;

/** The realm of every Bearer challenge this API sends. */
export const AUTH_REALM = "signalboard";
const challenge = (error?: string) =>
  error
    ? `Bearer realm="${AUTH_REALM}", error="invalid_token", error_description="${error}"`
    : `Bearer realm="${AUTH_REALM}"`;
export const FORBIDDEN = { message: "Forbidden: admin access required.", code: "FORBIDDEN" } as const;
export const API_KEY_NOT_ALLOWED = {
  message: "Forbidden: admin actions need a signed-in session; API keys cannot perform them.",
  code: "API_KEY_NOT_ALLOWED",
} as const;

/** Account settings (password, sessions) are a person's, not a script's: an API key cannot change them. */
export const SESSION_REQUIRED = {
  message: "Forbidden: account settings need a signed-in session; API keys cannot change them.",
  code: "API_KEY_NOT_ALLOWED",
} as const;

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The data versions ride along with the sign-in read: one statement, one round trip to a remote database. */
const versionColumns = {
  recommendations: dataVersions.recommendations,
  market: dataVersions.market,
};

// Only what a signed-in request uses: each column more is a cost on every request (decision 094).
const {
  passwordHash: _passwordHash,
  apiKeyHash: _apiKeyHash,
  createdAt: _createdAt,
  ...signedInUser
} = getTableColumns(users);
const {
  userAgent: _userAgent,
  ipAddress: _ipAddress,
  userId: _userId,
  startTime: _startTime,
  tokenHash: _tokenHash,
  ...signedInSession
} = getTableColumns(sessions);

/** The user an API key belongs to, by the key's unique hash, with the data versions. */
const userByApiKeyHash = preparedPerDatabase((db: Db) =>
  db
    .select({ user: signedInUser, versions: versionColumns })
    .from(users)
    .leftJoin(dataVersions, eq(dataVersions.id, 1))
    .where(eq(users.apiKeyHash, sql.placeholder("hash")))
    .limit(1)
    .prepare(),
);

/**
 * A session with its user and the data versions, plus `more` (the batch's token hash, to tell its rows apart): the
 * read every signed-in request makes.
 */
const sessionsWithUsers = <M extends Record<string, typeof sessions.tokenHash>>(db: Db, more: M) =>
  db
    .select({ session: signedInSession, user: signedInUser, versions: versionColumns, ...more })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(dataVersions, eq(dataVersions.id, 1));

const sessionByTokenHash = preparedPerDatabase((db: Db) =>
  sessionsWithUsers(db, {})
    .where(eq(sessions.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare(),
);

/** Sessions by several token hashes, sent as one JSON array: one prepared statement whatever their number. */
const sessionsByTokenHashes = preparedPerDatabase((db: Db) =>
  sessionsWithUsers(db, { tokenHash: sessions.tokenHash })
    .where(inArray(sessions.tokenHash, sql`(select value from json_each(${sql.placeholder("hashes")}))`))
    .prepare(),
);

/**
 * A session read is the prepared query's own `get`. On Bun with a libSQL server, concurrent requests' reads go in one
 * statement per round trip (api/lib/read-batch.ts; without it each signed-in read cost the server and sqld 3-5 times
 * the CPU: decision 116). Not on an embedded file, where a read costs no round trip, nor on Workers, where a request
 * may not wait on a promise another request's I/O settles (the runtime cancels it as hung).
 */
const sessionReads = preparedPerDatabase((db: Db) => {
  const one = async (hash: string) => sessionByTokenHash(db).get({ hash });
  if (getRuntimeKey() === "workerd" || db.$client.protocol === "file") return one;
  return readBatches(one, async (hashes: string[]) => {
    const rows = await sessionsByTokenHashes(db).all({ hashes: JSON.stringify(hashes) });
    return new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
  });
});

/** Without the version row (never after the migration) every read is a new version: nothing is kept. */
const versionsOf = (v: { recommendations: number | null; market: number | null } | null): DataVersions => ({
  recommendations: v?.recommendations ?? Number.NaN,
  market: v?.market ?? Number.NaN,
});

type Credential = Omit<AuthState, "via">;

async function userByApiKey(deps: AppDeps, key: string): Promise<Credential | null> {
  const hash = await sha256Hex(key);
  const { db } = deps.database;
  const row =
    (await userByApiKeyHash(db).get({ hash })) ??
    (await readOnPrimary(deps.database, key, hash, (p) => userByApiKeyHash(p).get({ hash })));
  if (!row?.user.isActive) return null;
  return { user: row.user, session: null, versions: versionsOf(row.versions) };
}

/** Touches sent and not yet settled, per database: session id → the lastSeenAt written. */
const touchesSent = preparedPerDatabase((_db: Db) => new Map<number, number>());

async function touch(db: Db, sessionId: number, at: number): Promise<void> {
  const sent = touchesSent(db);
  sent.set(sessionId, at);
  try {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(at) })
      .where(eq(sessions.id, sessionId));
  } finally {
    if (sent.get(sessionId) === at) sent.delete(sessionId);
  }
}

async function userBySession(c: Context, deps: AppDeps, token: string): Promise<Credential | null> {
  const { db } = deps.database;
  const hash = await sha256Hex(token);
  const row =
    (await sessionReads(db)(hash)) ??
    (await readOnPrimary(deps.database, token, hash, (p) => sessionReads(p)(hash)));
  if (!row || row.session.endTime !== null || !row.user.isActive) return null;
  const now = deps.clock.now().getTime();
  // A touch this process sent may not be in the row yet: the session was seen then all the same.
  const lastSeen = Math.max(row.session.lastSeenAt.getTime(), touchesSent(db).get(row.session.id) ?? 0);
  const idleEnd = sessionIdleEnd(new Date(lastSeen), deps.config.sessionIdleMs);
  if (now >= idleEnd) {
    // Idle too long: record that it ended when it idled out, and refuse it from now on.
    await db
      .update(sessions)
      .set({ endTime: new Date(idleEnd) })
      .where(eq(sessions.id, row.session.id));
    return null;
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    // Not awaited: the request needs nothing from this write, and it would otherwise wait for the process's writes
    // in turn, and sessions touched together (a minute after they were used together) for each other (decision 165).
    afterAnswer(c, "Session touch", touch(db, row.session.id, now));
  }
  return { user: row.user, session: row.session, versions: versionsOf(row.versions) };
}

/** Resolves who is calling: the session cookie, or a bearer session token or API key. Never rejects. */
export const resolveAuth = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get("deps");
  const bearer = bearerToken(c.req.header("authorization"));
  let auth: AuthState | null = null;
  const byHeader = bearer?.startsWith(API_KEY_PREFIX)
    ? await userByApiKey(deps, bearer)
    : bearer
      ? await userBySession(c, deps, bearer)
      : null;
  if (byHeader) auth = { ...byHeader, via: "authorization" };
  else {
    const cookie = getCookie(c, SESSION_COOKIE);
    const byCookie = cookie ? await userBySession(c, deps, cookie) : null;
    if (byCookie) auth = { ...byCookie, via: "cookie" };
  }
  c.set("auth", auth);
  await next();
  // Every 401 carries a challenge (RFC 9110), also those a route answers itself (a wrong password at sign-in).
  if (c.res.status === 401 && !c.res.headers.has("WWW-Authenticate")) {
    c.res.headers.set("WWW-Authenticate", challenge());
  }
});

/**
 * The 401 for a request whose credential resolved to nobody, worded for the credential it sent (resolveAuth has
 * already tried each one): an API key is invalid or revoked, a session token or cookie has expired, nothing at all
 * needs a sign-in. Every one has the code UNAUTHORIZED, which the web client recognises (its message starts
 * "Unauthorized", as the spec's catalogue says).
 */
function unauthorized(c: Context): never {
  const bearer = bearerToken(c.req.header("authorization"));
  if (bearer?.startsWith(API_KEY_PREFIX)) {
    c.header("WWW-Authenticate", challenge("The API key is invalid or has been revoked"));
    throw new ApiFailure(401, API_KEY_INVALID);
  }
  if (bearer || getCookie(c, SESSION_COOKIE)) {
    c.header("WWW-Authenticate", challenge("The session has expired or ended"));
    throw new ApiFailure(401, SESSION_EXPIRED);
  }
  c.header("WWW-Authenticate", challenge());
  throw new ApiFailure(401, UNAUTHORIZED);
}

/** Refuses callers who are not signed in (401); behind it, handlers read `c.get("user")` and `c.get("session")`. */
export const requireUser = createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (!auth) unauthorized(c);
  c.set("user", auth.user);
  c.set("session", auth.session);
  c.set("versions", auth.versions);
  await next();
});

/** Refuses callers who are not admins on a session (401/403); behind it, `c.get("user")` is that admin. */
export const requireAdmin = createMiddleware<AppEnv & AdminEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (!auth) unauthorized(c);
  if (!auth.user.isAdmin) throw new ApiFailure(403, FORBIDDEN);
  // An API key never idles out and lives in scripts and CI settings: it must not carry admin power
  // (docs/decisions/017-oauth-account-linking.md).
  if (!auth.session) throw new ApiFailure(403, API_KEY_NOT_ALLOWED);
  c.set("user", auth.user);
  c.set("session", auth.session);
  c.set("versions", auth.versions);
  await next();
});

/**
 * Refuses callers who are not signed in on a session (401, or 403 for an API key); behind it, `c.get("session")` is
 * the session the request came with. For account settings: whoever holds an API key must not take over the account.
 */
export const requireSession = createMiddleware<AppEnv & SessionEnv>(async (c, next) => {
  const auth = c.get("auth");
  if (!auth) unauthorized(c);
  if (!auth.session) throw new ApiFailure(403, SESSION_REQUIRED);
  c.set("user", auth.user);
  c.set("session", auth.session);
  c.set("versions", auth.versions);
  await next();
});
