import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * A single-use password reset code; only its hash is stored. An account has at most one live code (a new one voids
 * the old), each code takes a few tries, and a successful reset voids them all.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** When the code was used or voided (by a newer code, by too many wrong tries, or by a completed reset). */
    usedAt: integer({ mode: "timestamp_ms" }),
    /** Confirmations tried against this code, right or wrong; refused from MAX_RESET_ATTEMPTS on. */
    attempts: integer().notNull().default(0),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)],
);
