// The served ranker models, in the database (docs/decisions/118-models-in-the-database.md): the seed and the migrate
// path store the committed files, and the API reads a date's model from here once per process or isolate, only when
// analyze or the daily generation needs one, so no bundle carries the ~800 KB of trees.
import { asc, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rankerModels } from "../../db/schema/index.ts";
import { sha256Hex } from "../lib/crypto.ts";
import type { RankerModel } from "./ranker.ts";

/** What the app needs of a model without its trees: which dates it serves and how far its training reaches. */
export interface ModelInfo {
  version: string;
  servesFrom: string;
  servesUntil: string;
  trainedThrough: string;
  /** SHA-256 of the committed file: what a live scoring records (decision 123). */
  sha256: string;
}

/** The model that may speak on `date` among `models` ordered by servesFrom: the last one serving from on or before it. */
export function servingOn<M>(date: string, models: Iterable<M>, servesFrom: (m: M) => string): M | null {
  let chosen: M | null = null;
  for (const m of models) if (servesFrom(m) <= date) chosen = m;
  return chosen;
}

const INFO_COLUMNS = {
  version: rankerModels.version,
  servesFrom: rankerModels.servesFrom,
  servesUntil: rankerModels.servesUntil,
  trainedThrough: rankerModels.trainedThrough,
  sha256: rankerModels.sha256,
};

// Per database handle, so per process on Bun and per isolate on Workers; a test's database has its own.
const catalogs = new WeakMap<Db, Promise<ReadonlyMap<string, ModelInfo>>>();
const models = new WeakMap<Db, Map<string, Promise<RankerModel>>>();

/** Keeps a read's promise, unless it fails or finds nothing (a database not seeded yet is read again next time). */
function kept<K extends object, V>(
  cache: WeakMap<K, Promise<V>>,
  key: K,
  read: () => Promise<V>,
  empty: (v: V) => boolean,
) {
  let promise = cache.get(key);
  if (!promise) {
    promise = read();
    cache.set(key, promise);
    promise.then(
      (v) => empty(v) && cache.delete(key),
      () => cache.delete(key),
    );
  }
  return promise;
}

/** The stored models' versions and dates, ordered by servesFrom (no trees), read once per database handle. */
export function modelCatalog(db: Db): Promise<ReadonlyMap<string, ModelInfo>> {
  return kept(
    catalogs,
    db,
    async () => {
      const rows = await db.select(INFO_COLUMNS).from(rankerModels).orderBy(asc(rankerModels.servesFrom));
      return new Map(rows.map((r) => [r.version, r]));
    },
    (v) => v.size === 0,
  );
}

/** The model that serves `date` (decision 118), read from the database once and kept; null when none serves it. */
export async function storedModelFor(db: Db, date: string): Promise<RankerModel | null> {
  const info = servingOn(date, (await modelCatalog(db)).values(), (m) => m.servesFrom);
  if (!info) return null;
  const byVersion = models.get(db) ?? new Map<string, Promise<RankerModel>>();
  models.set(db, byVersion);
  let model = byVersion.get(info.version);
  if (!model) {
    model = db.query.rankerModels
      .findFirst({ columns: { model: true }, where: (t, { eq }) => eq(t.version, info.version) })
      .then((row) => {
        if (!row)
          throw new Error(`Model ${info.version} left the ranker_models table; restart to read it again.`);
        return JSON.parse(row.model) as RankerModel;
      });
    byVersion.set(info.version, model);
    model.catch(() => byVersion.delete(info.version));
  }
  return model;
}

/**
 * Stores the served models from their committed files' text, idempotently: a row is written only when its file's
 * SHA-256 differs, and a version no file has any more is removed. Answers how many rows it wrote or removed.
 */
export async function storeModels(db: Db, files: readonly string[]): Promise<number> {
  if (!files.length) return 0;
  const stored = new Map(
    (await db.select({ version: rankerModels.version, sha256: rankerModels.sha256 }).from(rankerModels)).map(
      (r) => [r.version, r.sha256],
    ),
  );
  let changed = 0;
  const versions: string[] = [];
  for (const text of files) {
    const model = JSON.parse(text) as RankerModel;
    versions.push(model.version);
    const sha256 = await sha256Hex(text);
    if (stored.get(model.version) === sha256) continue;
    const row = {
      version: model.version,
      servesFrom: model.splits.servesFrom,
      servesUntil: model.splits.servesUntil,
      trainedThrough: model.trainedThrough,
      sha256,
      model: text,
    };
    await db.insert(rankerModels).values(row).onConflictDoUpdate({ target: rankerModels.version, set: row });
    changed++;
  }
  const gone = [...stored.keys()].filter((v) => !versions.includes(v));
  if (gone.length) await db.delete(rankerModels).where(notInArray(rankerModels.version, versions));
  return changed + gone.length;
}
