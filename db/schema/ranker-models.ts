import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The ranker models the app serves, one row per version, loaded from the committed api/analysis/models/*.json by the
 * seed and the migrate path (a row is rewritten when its file's SHA-256 changes). The API reads them from here, so a
 * Worker's bundle carries none of them (docs/decisions/118-models-in-the-database.md).
 */
export const rankerModels = sqliteTable("ranker_models", {
  version: text().primaryKey(),
  /** The first and last dates the model was trained to serve (its splits), for picking a date's model. */
  servesFrom: text().notNull(),
  servesUntil: text().notNull(),
  /** The last date an outcome the model was trained on is known. */
  trainedThrough: text().notNull(),
  /** SHA-256 (hex) of `model`, to rewrite the row only when the committed file changed. */
  sha256: text().notNull(),
  /** The model as committed (RankerModel's JSON). */
  model: text().notNull(),
});
