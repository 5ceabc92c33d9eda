import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/** One analysis a user asked for, kept as it was answered. */
export const insights = sqliteTable(
  "insights",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbol: text().notNull(),
    recommendation: text({ enum: ["BUY", "SELL", "HOLD", "WATCH"] }).notNull(),
    riskLevel: text({ enum: ["LOW", "MEDIUM", "HIGH"] }).notNull(),
    currentPrice: real().notNull(),
    projectedPrice: real().notNull(),
    confidence: integer().notNull(),
    timeHorizon: text().notNull(),
    targetDate: text().notNull(),
    reasoning: text().notNull(),
    newsImpact: text({ enum: ["POSITIVE", "NEGATIVE", "NEUTRAL"] }).notNull(),
    keyFactors: text({ mode: "json" }).$type<string[]>().notNull(),
    newsSummary: text(),
    /** The model's calibrated probability behind `confidence`, and which model and market date produced it. */
    probability: real(),
    modelVersion: text(),
    asOf: text(),
    /**
     * The model's rank of the stock in the universe on `asOf` (10 is the best), its expected total return over
     * `horizonDays` sessions and that return's 80% interval, as fractions; null for analyses made before them.
     */
    decile: integer(),
    expectedReturn: real(),
    expectedReturnLow: real(),
    expectedReturnHigh: real(),
    horizonDays: integer(),
    /**
     * Expected total return minus the median member's over the horizon and its 80% interval from the stock's own
     * volatility (docs/decisions/066-calls-that-agree.md); analyses saved since leave expectedReturn* null.
     */
    expectedExcessReturn: real(),
    expectedExcessLow: real(),
    expectedExcessHigh: real(),
    /** Whether a news source was configured when the analysis was made; null for analyses made before. */
    newsAvailable: integer({ mode: "boolean" }),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("insights_user_created_idx").on(t.userId, t.createdAt)],
);
