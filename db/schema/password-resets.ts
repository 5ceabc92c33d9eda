import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * A single-use code mailed to an account's address, for a password reset or to prove the address before alert emails
 * go to it (`purpose`); only its hash is stored. The table keeps the name it had when resets were its only use. An
 * account has at most three live codes per purpose (a new one voids the oldest beyond them: decision 106), each
 * code takes a few tries, and using one voids every code of its purpose.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: ["password-reset", "verify-email"] })
      .notNull()
      .default("password-reset"),
    codeHash: text().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** When the code was used or voided (by a newer code, by too many wrong tries, or by a completed reset). */
    usedAt: integer({ mode: "timestamp_ms" }),
    /** Confirmations tried against this code, right or wrong; refused from MAX_TRIES_PER_CODE on. */
    attempts: integer().notNull().default(0),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);
