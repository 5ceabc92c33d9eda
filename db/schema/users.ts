import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull().unique(),
    firstName: text(),
    lastName: text(),
    /** argon2id PHC string; null for accounts created through OAuth only. */
    passwordHash: text(),
    isAdmin: integer({ mode: "boolean" }).notNull().default(false),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    /**
     * When the holder proved they receive this address's mail: a password reset by emailed code, or a sign-up
     * through a provider that vouches for the address. Null after plain registration. A provider sign-in joins
     * only an account whose email is proven (docs/decisions/017-oauth-account-linking.md).
     */
    emailVerifiedAt: integer({ mode: "timestamp_ms" }),
    /** SHA-256 of the API key, for lookup; the key itself is never stored in plaintext. */
    apiKeyHash: text().notNull().unique(),
    /** The key encrypted with AES-GCM under the server secret, so its owner can see it again. */
    apiKeyCiphertext: text().notNull(),
    apiKeyCreatedAt: integer({ mode: "timestamp_ms" }).notNull(),
    /**
     * Bumped by triggers on every write to the user's watchlist items and saved insights (migration 0012), so a
     * list answer kept in memory is known to be current from the sign-in read alone (decision 027).
     */
    listsVersion: integer().notNull().default(0),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("users_created_at_idx").on(t.createdAt)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the session token; the token itself only ever lives in the client's cookie. */
    tokenHash: text().notNull().unique(),
    startTime: integer({ mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer({ mode: "timestamp_ms" }).notNull(),
    endTime: integer({ mode: "timestamp_ms" }),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.startTime)],
);

/** Fixed-window counters for rate limits, kept in the database so a limit holds across processes. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: integer().notNull(),
  count: integer().notNull(),
});
