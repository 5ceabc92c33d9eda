import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Mail this server did not send because it has no mail server and runs the local demo (MAIL_OUTBOX): reset codes
 * and alert emails, kept for an admin to read in the admin panel (docs/decisions/084-local-mail-outbox.md). Only the
 * newest messages are kept.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
