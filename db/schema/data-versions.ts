import { integer, sqliteTable } from "drizzle-orm/sqlite-core";

/**
 * One row (id 1) of counters that SQLite triggers bump on every insert, update or delete of the tables derived
 * data is computed from (migration 0011), whichever process or script writes. A server keeps derived data per
 * version and reads this row once per request, so a write elsewhere is seen at once
 * (docs/decisions/027-derived-data-per-version.md).
 */
export const dataVersions = sqliteTable("data_versions", {
  id: integer().primaryKey(),
  /** Bumped by writes to `recommendations`. */
  recommendations: integer().notNull().default(0),
  /** Bumped by writes to `daily_prices` and `securities`. */
  market: integer().notNull().default(0),
});
