import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One run of a scheduled job for one period; the primary key makes a second run of a period a no-op. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    name: text().notNull(),
    period: text().notNull(),
    startedAt: integer({ mode: "timestamp_ms" }).notNull(),
    finishedAt: integer({ mode: "timestamp_ms" }),
    result: text(),
  },
  (t) => [primaryKey({ columns: [t.name, t.period] })],
);
