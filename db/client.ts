import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { filePath, withFileReads } from "./file-reads.ts";
import * as schema from "./schema/index.ts";
import { withServerReads } from "./server-reads.ts";
import { fetchWithDeadline } from "./unavailable.ts";
import { WORKER_WRITE_WAIT_MS, WORKER_WRITES_IN_FLIGHT, workerWrites } from "./worker-writes.ts";
import { DATABASE_BUSY_TIMEOUT_MS, NATIVE_BUSY_WAIT_MS, writesInTurn } from "./write-turns.ts";

/** The app's Drizzle database: Drizzle's own libSQL driver, whatever the URL names (decision 075). */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export interface Database {
  db: Db;
  /** Raw SQL, on the same @libsql/client the Drizzle database runs on. */
  client: Client;
  /** An embedded replica's primary, for what must see every process's writes at once (decisions 103, 104). */
  primary?: Database;
}

export interface DbOptions {
  /** With a `file:` URL: the primary this embedded replica syncs from and delegates writes to. */
  syncUrl?: string;
  /** Seconds between background syncs of an embedded replica (none when unset). */
  syncIntervalSeconds?: number;
  /** How long one HTTP request to a libSQL server may take before it fails (default 5 s). */
  requestTimeoutMs?: number;
  /** Statements in flight at most (default 20); the Worker queues none (workerd cancels I/O sent for another). */
  concurrency?: number;
  /** On a libSQL server: writes in turn (default; write-turns.ts), or bounded and resent (worker-writes.ts). */
  writesInTurn?: boolean;
  /**
   * On a libSQL server: plain reads on streams kept open between requests (default; server-reads.ts). Not on Workers,
   * where a request may not use I/O another request opened (workerd cancels it).
   */
  keptReadStreams?: boolean;
  /** With a `file:` URL (not a replica): how long a write waits for another connection's lock (default 5 s). */
  busyTimeoutMs?: number;
}

/** An unreachable or stalled libSQL server fails a request after this long instead of hanging it. */
export const DATABASE_REQUEST_TIMEOUT_MS = 5_000;

/**
 * Opens a database: an embedded file (`file:...`), a libSQL server (`http://...`), Turso (`libsql://...` with a token)
 * or an embedded replica (`file:...` plus `syncUrl`), all on @libsql/client under Drizzle's libsql driver. An embedded
 * file runs in WAL mode with a busy timeout and takes writers in other processes (decision 019, db/write-turns.ts).
 * Under workerd, `@libsql/client` resolves to its HTTP-only web build, so the Worker shares this code.
 */
export function createDb(url: string, authToken?: string, options: DbOptions = {}): Database {
  const remote = !url.startsWith("file:");
  // An embedded file that other processes may write too (an embedded replica writes through its primary instead,
  // and its native client takes no busy timeout).
  const sharedFile = !remote && !options.syncUrl;
  const busyTimeoutMs = options.busyTimeoutMs ?? DATABASE_BUSY_TIMEOUT_MS;
  const requestTimeoutMs = options.requestTimeoutMs ?? DATABASE_REQUEST_TIMEOUT_MS;
  const deadline = fetchWithDeadline(requestTimeoutMs);
  const opened = createClient({
    url,
    authToken,
    intMode: "number",
    syncUrl: remote ? undefined : options.syncUrl,
    syncInterval: remote ? undefined : options.syncIntervalSeconds,
    concurrency: options.concurrency,
    // Without a deadline, a server that accepts connections but never answers hangs every request.
    fetch: remote ? deadline : undefined,
    timeout: sharedFile ? Math.min(busyTimeoutMs, NATIVE_BUSY_WAIT_MS) : undefined,
  });
  const writes = !remote
    ? opened
    : options.writesInTurn === false
      ? workerWrites(opened, WORKER_WRITES_IN_FLIGHT, WORKER_WRITE_WAIT_MS, requestTimeoutMs)
      : writesInTurn(opened, requestTimeoutMs, {});
  const client = sharedFile
    ? withFileReads(
        writesInTurn(opened, busyTimeoutMs, { file: filePath(url) }),
        filePath(url),
        busyTimeoutMs,
      )
    : remote && options.keptReadStreams !== false
      ? withServerReads(writes, url, authToken, deadline)
      : writes;
  const primary =
    options.syncUrl && !remote ? createDb(options.syncUrl, authToken, { requestTimeoutMs }) : undefined;
  return { db: drizzle(client, { schema, casing: "snake_case" }), client, primary };
}
