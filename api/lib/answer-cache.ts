import { eq } from "drizzle-orm";
import type { Context, TypedResponse } from "hono";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { dataVersions } from "../../db/schema/index.ts";
import { randomToken, sha256Hex } from "./crypto.ts";
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
 * The one cache of the app, used at the route edge only (decision 076): derived, read-mostly answers and the values
 * they are built from, computed once per stamp and kept in this process (per isolate on Workers). Each slot keeps the values of
 * one stamp only: the first request with another stamp drops them all. Within a stamp a slot keeps at most its
 * limit of keys (filters, dates), the least recently used going first. Concurrent requests share one computation;
 * a failed one is forgotten, so the next request tries again.
 */
export interface AnswerCache {
  /** `keep`: how many keys of this slot are kept within one stamp (DEFAULT_KEYS_PER_SLOT when not given). */
  get<T>(slot: string, stamp: Stamp, key: string, compute: () => Promise<T>, keep?: number): Promise<T>;
}

export interface AnswerCacheOptions {
  /** Called each time a value is computed rather than served from memory (tests count these). */
  onCompute?: (slot: string, key: string) => void;
}

export const DEFAULT_KEYS_PER_SLOT = 16;

/** A value whose stamp never matches twice: derived data is then computed per request, as before it was kept. */
export const UNVERSIONED: Stamp = "unversioned";

export function createAnswerCache(options: AnswerCacheOptions = {}): AnswerCache {
  const slots = new Map<string, { stamp: Stamp; values: Map<string, Promise<unknown>> }>();
  return {
    get<T>(slot: string, stamp: Stamp, key: string, compute: () => Promise<T>, keep = DEFAULT_KEYS_PER_SLOT) {
      let kept = slots.get(slot);
      if (!kept || kept.stamp !== stamp) {
        kept = { stamp, values: new Map() };
        slots.set(slot, kept);
      }
      const values = kept.values;
      const hit = values.get(key);
      if (hit && stamp !== UNVERSIONED) {
        // Map order is insertion order: moving the key to the end makes the first key the least recently used.
        values.delete(key);
        values.set(key, hit);
        return hit as Promise<T>;
      }
      options.onCompute?.(slot, key);
      const value = compute();
      if (stamp === UNVERSIONED) return value;
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

/**
 * What the helpers below read of a request's variables. AppEnv (./context.ts) has them; it is not imported from there
 * because context.ts takes this module's types (no import circles: scripts/boundaries/import-rules.ts).
 */
type CachingEnv = {
  Variables: {
    deps: { database: { db: Db }; market: { source: string; marketToday(): string }; cache: AnswerCache };
    auth: { user: { id: number } } | null;
  };
};

/** The stamp of what `dependsOn` names, from the versions the sign-in read brought (api/middleware/auth.ts) or read here. */
async function stampFor<E extends CachingEnv>(
  c: Context<E>,
  dependsOn: readonly DependsOn[],
): Promise<Stamp> {
  // c.get, not c.var: Hono builds a new object of every variable for each c.var.
  const deps = c.get("deps");
  const signedIn = (c as unknown as Context<{ Variables: { versions?: DataVersions } }>).get("versions");
  const versions = signedIn ?? (await readDataVersions(deps.database.db));
  return stampOn(versions, deps.market, dependsOn);
}

/**
 * At the route edge: the value of `slot` for `key`, computed once per stamp of what it depends on and kept in the
 * app's one cache.
 */
export async function kept<T, E extends CachingEnv>(
  c: Context<E>,
  slot: string,
  dependsOn: readonly DependsOn[],
  key: string,
  compute: () => Promise<T>,
  keep?: number,
): Promise<T> {
  return c.get("deps").cache.get(slot, await stampFor(c, dependsOn), key, compute, keep);
}

/** A documented 304 (notModifiedResponse): zod-openapi types an answer without content as `TypedResponse<{}>`. */
// biome-ignore lint/complexity/noBannedTypes: the type zod-openapi gives it
type NotModified = Response & TypedResponse<{}, 304, string>;

/** New with each process (or isolate): a new version of the app may shape the same data differently. */
let processEpoch: string | undefined;

/** Whether an If-None-Match header names `etag`, by weak comparison (RFC 9110, 13.1.2). */
function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

/**
 * Conditional GETs of a kept answer (decision 088), before anything is computed: its ETag is a digest of the stamp
 * of what it depends on, its path and `key` (as given to `kept`), the signed-in user and this process's epoch, so it
 * changes whenever the kept value may, and one user's tag never matches for another. Answers the 304 to send when
 * the request's If-None-Match names it; otherwise sets ETag (and `Cache-Control: private`) for the answer to come
 * and answers null. No tag where nothing is kept (a live market's prices).
 */
export async function notModified<E extends CachingEnv>(
  c: Context<E>,
  dependsOn: readonly DependsOn[],
  key: string,
): Promise<NotModified | null> {
  const stamp = await stampFor(c, dependsOn);
  if (stamp === UNVERSIONED) return null;
  processEpoch ??= randomToken(12);
  const user = c.get("auth")?.user.id ?? "";
  const digest = await sha256Hex([processEpoch, c.req.path, key, stamp, user].join("\n"));
  const etag = `W/"${digest.slice(0, 32)}"`;
  c.header("ETag", etag);
  c.header("Cache-Control", "private");
  if (!namesTag(c.req.header("if-none-match"), etag)) return null;
  return c.body(null, 304) as unknown as NotModified;
}
