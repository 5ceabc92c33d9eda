import { sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * One live scoring of the index: the daily job scored every member on its own date with one model
 * (docs/decisions/123-live-scores-for-the-preregistered-test.md). A date scored after the fact (the seed, a script)
 * is never written here, so every row is evidence for the pre-registered test (docs/model/preregistration.md).
 */
export const liveScorings = sqliteTable(
  "live_scorings",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    date: text().notNull(),
    modelVersion: text().notNull(),
    /** SHA-256 of the model file that scored (ranker_models.sha256): only the pre-registered one counts. */
    modelSha256: text().notNull(),
    recordedAt: integer({ mode: "timestamp_ms" }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("live_scorings_date_model_uq").on(t.date, t.modelSha256)],
);

/**
 * Every index member's score on a live scoring; null for a member the model could not score (too little history).
 * With it the range the app served that day, for the pre-registered check of the ranges
 * (docs/model/preregistration-ranges.md, decision 140): null with the score, and on rows recorded before it.
 */
export const liveScores = sqliteTable(
  "live_scores",
  {
    scoringId: integer()
      .notNull()
      .references(() => liveScorings.id, { onDelete: "cascade" }),
    symbol: text().notNull(),
    score: real(),
    /** Expected total return minus the median member's over the model's horizon, and its fitted range (fractions). */
    expectedExcess: real(),
    excessLow: real(),
    excessHigh: real(),
    /** The member's fifth by 60-day volatility among the date's scored members (1 calmest): its range's band. */
    volatilityFifth: integer(),
  },
  (t) => [primaryKey({ columns: [t.scoringId, t.symbol] })],
);
