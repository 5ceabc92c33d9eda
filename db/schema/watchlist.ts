import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

export const watchlistItems = sqliteTable(
  "watchlist_items",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbol: text().notNull(),
    purchasePriceCents: integer(),
    /** The latest price when the item was added; the move is measured from it when there is no purchase price. */
    addedPriceCents: integer(),
    targetChangePercent: real().notNull(),
    /** Whether the item was alerting at the last alert check, so a crossing is notified once. */
    alerting: integer({ mode: "boolean" }).notNull().default(false),
    addedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("watchlist_user_symbol_uq").on(t.userId, t.symbol),
    index("watchlist_symbol_idx").on(t.symbol),
  ],
);
