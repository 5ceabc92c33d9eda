import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { dataVersions } from "../../db/schema/index.ts";
import { NO_MARKET } from "./market-port.ts";

/** The counters SQLite triggers bump on every write to what derived data is computed from (migration 0011). */
export interface DataVersions {
  /** Writes to `recommendations`. */
  recommendations: number;
  /** Writes to `daily_prices` and `securities`. */
  market: number;
}

const versionsRow = preparedPerDatabase((db: Db) =>
  db
    .select({ recommendations: dataVersions.recommendations, market: dataVersions.market })
    .from(dataVersions)
    .where(eq(dataVersions.id, 1))
    .prepare(),
);

/**
 * The data versions, in one primary-key read. Any process's write is counted by the database itself, so a value
 * kept under the versions read here is still the answer whoever wrote last
 * (docs/decisions/027-derived-data-per-version.md).
 */
export async function readDataVersions(db: Db): Promise<DataVersions> {
  const [row] = await versionsRow(db).all();
  // The migration inserts the row; without it nothing can be kept safely, so every read is a new version.
  return row ?? { recommendations: Number.NaN, market: Number.NaN };
}

/** What a slot's values were computed for: the data versions and market day they depend on, as one string. */
export type Stamp = string;

/**
 * The one cache of the app, used at the route edge only (decisions 076 and 124): derived, read-mostly answers and the values
 * they are built from, computed once per stamp and kept in this process (per isolate on Workers). Each slot keeps the values of
 * one stamp only: the first request with another stamp drops them all. Within a stamp a slot keeps at most its
 * limit of keys (filters, dates), the least recently used going first. Concurrent requests share one computation;
 * a failed one is forgotten, so the next request tries again.
 */
export interface AnswerCache {
  /** The value kept (or being computed) for `key` under `stamp`, or undefined: then nothing is computed. */
  find<T>(slot: string, stamp: Stamp, key: string): Promise<T> | undefined;
  /** `keep`: how many keys of this slot are kept within one stamp (DEFAULT_KEYS_PER_SLOT when not given). */
  get<T>(slot: string, stamp: Stamp, key: string, compute: () => Promise<T>, keep?: number): Promise<T>;
}

export const DEFAULT_KEYS_PER_SLOT = 16;

/** A value whose stamp never matches twice: derived data is then computed per request, as before it was kept. */
export const UNVERSIONED: Stamp = "unversioned";

export function createAnswerCache(): AnswerCache {
  const slots = new Map<string, { stamp: Stamp; values: Map<string, Promise<unknown>> }>();
  /** The slot's values under `stamp`: the first request with another stamp drops the old ones. */
  function valuesOf(slot: string, stamp: Stamp) {
    let kept = slots.get(slot);
    if (!kept || kept.stamp !== stamp) {
      kept = { stamp, values: new Map() };
      slots.set(slot, kept);
    }
    return kept.values;
  }
  function find<T>(slot: string, stamp: Stamp, key: string): Promise<T> | undefined {
    if (stamp === UNVERSIONED) return undefined;
    const values = valuesOf(slot, stamp);
    const hit = values.get(key);
    if (!hit) return undefined;
    // Map order is insertion order: moving the key to the end makes the first key the least recently used.
    values.delete(key);
    values.set(key, hit);
    return hit as Promise<T>;
  }
  return {
    find,
    get<T>(slot: string, stamp: Stamp, key: string, compute: () => Promise<T>, keep = DEFAULT_KEYS_PER_SLOT) {
      const hit = find<T>(slot, stamp, key);
      if (hit) return hit;
      const value = compute();
      if (stamp === UNVERSIONED) return value;
      const values = valuesOf(slot, stamp);
      values.set(key, value);
      while (values.size > keep) values.delete(values.keys().next().value!);
      value.catch(() => {
        if (values.get(key) === value) values.delete(key);
      });
      return value;
    },
  };
}

/** One stamp from the parts a value depends on; NaN versions (no version row) never match. */
export function stampOf(...parts: Array<string | number>): Stamp {
  return parts.some((p) => typeof p === "number" && Number.isNaN(p)) ? UNVERSIONED : parts.join("|");
}

/**
 * What a kept value is a function of, besides its key:
 * - `market`: the stored market data (its version), the market and its day;
 * - `recommendations`: the stored recommendations (their version);
 * - `prices`: the market's current prices. The demo market's come from stored bars frozen at its date, so they
 *   change only with the market data version; a live market's may move at any call, so nothing priced is kept.
 * No part at all: the value depends on its key only (a user's list under their lists version).
 */
export type DependsOn = "market" | "recommendations" | "prices";

export function stampOn(
  versions: DataVersions,
  market: { source: string; marketToday(): string },
  parts: readonly DependsOn[],
): Stamp {
  if (!parts.length) return "stored rows";
  const stamped: Array<string | number> = [];
  for (const part of parts) {
    if (part === "recommendations") stamped.push(versions.recommendations);
    else if (part === "prices" && market.source === NO_MARKET) stamped.push(NO_MARKET);
    else if (part === "prices" && market.source !== "demo") return UNVERSIONED;
    else stamped.push(versions.market, market.source, market.marketToday());
  }
  return stampOf(...stamped);
}
