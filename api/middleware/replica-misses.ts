import type { Database, Db } from "../../db/client.ts";
import { isDatabaseUnavailable } from "../../db/unavailable.ts";

/** A session token (32 random bytes) or an API key (`sbk_` and 24), base64url, as auth.service.ts makes them. */
const WELL_FORMED = /^(?:[\w-]{43}|sbk_[\w-]{32})$/;
/** Reads of the primary one process makes for credentials its replica lacks, at most, per second. */
export const PRIMARY_CHECKS_PER_SECOND = 20;
/** Credentials the primary lacked too, kept (the oldest go first). */
const MISSES_KEPT = 1024;

const checks = new WeakMap<Database, { second: number; used: number; missing: Set<string> }>();

/**
 * On an embedded replica, a credential its file lacks may have been made through another process less than a sync
 * ago (issue 40): `read` it on the primary before answering 401 (decision 104). A hit never comes here. So that bad
 * tokens cannot make every request a remote read: only well-formed ones, at most PRIMARY_CHECKS_PER_SECOND, and one
 * the primary lacked is not asked about again (a credential is on the primary before anyone holds it).
 */
export async function readOnPrimary<T>(
  database: Database,
  credential: string,
  hash: string,
  read: (primary: Db) => Promise<T | undefined> | T | undefined,
): Promise<T | undefined> {
  if (!database.primary || !WELL_FORMED.test(credential)) return undefined;
  let state = checks.get(database);
  if (!state) {
    state = { second: 0, used: 0, missing: new Set<string>() };
    checks.set(database, state);
  }
  if (state.missing.has(hash)) return undefined;
  const second = Math.floor(performance.now() / 1000);
  if (state.second !== second) Object.assign(state, { second, used: 0 });
  if (++state.used > PRIMARY_CHECKS_PER_SECOND) return undefined;
  try {
    const found = await read(database.primary.db);
    if (found === undefined) {
      state.missing.add(hash);
      if (state.missing.size > MISSES_KEPT) state.missing.delete(state.missing.values().next().value!);
    }
    return found;
  } catch (error) {
    // The primary out of reach: the replica's answer stands, as before it was asked.
    if (isDatabaseUnavailable(error)) return undefined;
    throw error;
  }
}
