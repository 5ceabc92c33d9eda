import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { watchlistItems } from "./watchlist.ts";

/** Where a user wants watchlist alerts delivered. */
export const notificationSettings = sqliteTable("notification_settings", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailAlerts: integer({ mode: "boolean" }).notNull().default(false),
  webhookUrl: text(),
  /** Signs webhook bodies (HMAC-SHA256); shown to its owner so the receiver can verify. */
  webhookSecret: text().notNull(),
});

/** One crossing of a watchlist item's threshold, recorded once. */
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer().references(() => watchlistItems.id, { onDelete: "set null" }),
    symbol: text().notNull(),
    price: real().notNull(),
    changePercent: real().notNull(),
    threshold: real().notNull(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** When its owner first saw it in the header's alert list; null while unseen (the bell counts these). */
    seenAt: integer({ mode: "timestamp_ms" }),
    /** When its owner dismissed it from that list; the event and its deliveries are kept. */
    dismissedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("alert_events_user_idx").on(t.userId, t.createdAt)],
);

/** One delivery of an event on one channel; retried with backoff until sent, never deleted on failure. */
export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    eventId: integer()
      .notNull()
      .references(() => alertEvents.id, { onDelete: "cascade" }),
    channel: text({ enum: ["email", "webhook"] }).notNull(),
    target: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: "timestamp_ms" }).notNull(),
    lastError: text(),
    sentAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("alert_deliveries_due_idx").on(t.status, t.nextAttemptAt)],
);
