import { type Client, createClient, type ResultSet } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { DATABASE_BUSY_TIMEOUT_MS, embeddedFileClient } from "./embedded-file.ts";
import { keptStreams } from "./kept-streams.ts";
import * as schema from "./schema/index.ts";
import { SqliteFile, SqliteFileDatabase } from "./sqlite-file.ts";
import { sqliteFileClient } from "./sqlite-file-client.ts";
import { fetchWithDeadline } from "./unavailable.ts";

/**
 * The app's Drizzle database, whichever driver opened it: Drizzle's async SQLite API with `batch` (all or none).
 * On libSQL (a server, Turso, a replica, the Worker) it is Drizzle's libsql driver; on an embedded file under Bun
 * it is db/sqlite-file.ts over the `libsql` package's synchronous API (docs/decisions/028-embedded-driver.md).
 */
export type Db = BaseSQLiteDatabase<"async", ResultSet, typeof schema> &
  Pick<LibSQLDatabase<typeof schema>, "batch">;

export interface Database {
  db: Db;
  /** Raw SQL, in @libsql/client's API (on an embedded file under Bun, that API over the same connections). */
  client: Client;
}

/** Which driver opens an embedded file (`file:` without `syncUrl`). */
export type FileDriver = "libsql" | "@libsql/client";

export interface DbOptions {
  /** With a `file:` URL: the primary this embedded replica syncs from and delegates writes to. */
  syncUrl?: string;
  /** Seconds between background syncs of an embedded replica (none when unset). */
  syncIntervalSeconds?: number;
  /** How long one HTTP request to a libSQL server may take before it fails (default 5 s). */
  requestTimeoutMs?: number;
  /**
   * At most this many statements in flight at once, queued beyond (the client's default 20; it reads 0 as 20,
   * so say Infinity for no queue). The Worker needs no queue: a queued statement is sent from whichever request
   * freed the slot, and workerd cancels a request whose promise another request resolves.
   */
  concurrency?: number;
  /**
   * On a libSQL server: row writes of concurrent requests share one kept stream, sent together (default true;
   * db/kept-streams.ts, decision 064). The Worker says false: workerd cancels a request whose promise another
   * request's I/O resolves.
   */
  sharedWrites?: boolean;
  /**
   * With a `file:` URL (not an embedded replica): how long a statement waits for another connection's write lock
   * before it fails with SQLITE_BUSY (default 5 s).
   */
  busyTimeoutMs?: number;
  /**
   * The driver for an embedded file: `libsql`'s synchronous API through db/sqlite-file.ts under Bun (the default
   * there, several times faster per query), @libsql/client elsewhere or when asked for (benchmarks).
   */
  fileDriver?: FileDriver;
}

/** An unreachable or stalled libSQL server fails a request after this long instead of hanging it. */
export const DATABASE_REQUEST_TIMEOUT_MS = 5_000;

/**
 * Opens a database: an embedded file (`file:...`), a libSQL server (`http://...`), Turso (`libsql://...` with a
 * token) or an embedded replica (`file:...` plus `syncUrl`). An embedded file runs in WAL mode with a busy timeout
 * and takes writers in other processes (decision 019); under Bun it runs on `libsql`'s synchronous API (db/sqlite-file.ts,
 * decision 028), elsewhere on @libsql/client (db/embedded-file.ts). Reads no environment itself: the runtime
 * shells pass the URL in. Under workerd, `@libsql/client` resolves to its HTTP-only web build, so the Worker
 * shares this code.
 */
export function createDb(url: string, authToken?: string, options: DbOptions = {}): Database {
  const remote = !url.startsWith("file:");
  const timeoutMs = options.requestTimeoutMs ?? DATABASE_REQUEST_TIMEOUT_MS;
  // An embedded file that other processes may write too (an embedded replica writes through its primary instead,
  // and its native client takes no busy timeout).
  const sharedFile = !remote && !options.syncUrl;
  const busyTimeoutMs = options.busyTimeoutMs ?? DATABASE_BUSY_TIMEOUT_MS;
  const fileDriver = options.fileDriver ?? (typeof Bun === "undefined" ? "@libsql/client" : "libsql");
  if (sharedFile && fileDriver === "libsql") {
    const file = new SqliteFile(filePath(url), busyTimeoutMs);
    return {
      db: new SqliteFileDatabase(file, { schema, casing: "snake_case" }),
      client: sqliteFileClient(file),
    };
  }
  const opened = createClient({
    url,
    authToken,
    intMode: "number",
    syncUrl: remote ? undefined : options.syncUrl,
    syncInterval: remote ? undefined : options.syncIntervalSeconds,
    concurrency: options.concurrency,
    // Without a deadline, a server that accepts connections but never answers hangs every request.
    fetch: remote ? fetchWithDeadline(timeoutMs) : undefined,
    timeout: sharedFile ? busyTimeoutMs : undefined,
  });
  const client = sharedFile
    ? embeddedFileClient(opened, busyTimeoutMs)
    : remote
      ? keptStreams(opened, url, authToken, fetchWithDeadline(timeoutMs), {
          sharedWrites: options.sharedWrites ?? true,
        })
      : opened;
  return { db: drizzle(client, { schema, casing: "snake_case" }), client };
}

/** The file a `file:` URL names, read as @libsql/client reads it (`file:data/app.db`, `file:///abs/app.db`). */
export function filePath(url: string): string {
  let rest = url.slice("file:".length).replace(/[?#].*$/, "");
  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    const host = rest.slice(2, slash < 0 ? undefined : slash);
    if (host && host !== "localhost") throw new Error(`A file: URL names no host (${url}).`);
    rest = slash < 0 ? "" : rest.slice(slash);
  }
  if (!rest) throw new Error(`A file: URL needs a path (${url}).`);
  return decodeURIComponent(rest);
}
