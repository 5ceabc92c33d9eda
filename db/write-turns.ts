import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";
import { executeOn, nativeConnection, overriding, pause, readsOnly } from "./client-calls.ts";
import { isDatabaseBusy as isBusy } from "./unavailable.ts";

/** How long a write on an embedded file waits for another connection's write lock before it fails SQLITE_BUSY. */
export const DATABASE_BUSY_TIMEOUT_MS = 5_000;

/** SQLite's own wait for a lock, inside its synchronous call (event loop stopped); longer waits are `lockFreed`'s. */
export const NATIVE_BUSY_WAIT_MS = 25;

/**
 * This process's writes, in turn (decisions 019 and 075); reads never wait. On a libSQL server (no `file`) every
 * write, batch and transaction holds the turn until it ends: writes sent all at once wait on the server's one write
 * lock, and under load some give up with SQLITE_BUSY (16 clients analysing on Bun + sqld: 15 of them).
 *
 * On an embedded file shared by several processes (the server and the scripts):
 * - WAL journal, set before the first statement: readers never wait for a writer, a writer only for another writer.
 * - SQLite waits for a lock inside its synchronous call, with the event loop stopped: with the whole timeout there,
 *   another process holding the lock froze every request, health checks included (issue 27). So the connections
 *   wait only NATIVE_BUSY_WAIT_MS; a write refused busy then waits for the lock without blocking (`lockFreed`) and
 *   is sent again, until `waitMs` after it was issued, then fails with SQLITE_BUSY.
 * - Each write holds its turn until it ends: a write meeting this process's own open transaction's lock could only
 *   wait out the timeout, and its fresh connections (below) would close the transaction's.
 * - A statement that fails SQLITE_BUSY stays in progress on its connection (libsql 0.5.29 does not reset it:
 *   tursodatabase/libsql-client-ts#352), which then reports later writes as done without committing them. So after
 *   any SQLITE_BUSY the client drops its connections and opens fresh ones.
 */
export function writesInTurn(client: Client, waitMs: number, { file }: { file?: string }): Client {
  let walReady: Promise<unknown> | null = file ? null : Promise.resolve();
  const ready = () => {
    walReady ??= client
      .executeMultiple("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
      .catch((error) => {
        walReady = null;
        throw error;
      });
    return walReady;
  };

  /** Resolves when the last write queued has ended (committed, rolled back, closed, or answered). */
  let queue: Promise<void> = Promise.resolve();
  /**
   * Queues a write (in one synchronous step: two waiters never wake into one turn); resolves in its turn with the
   * function that ends it, or at the deadline: a write from a transaction's own callback then meets SQLITE_BUSY.
   */
  const turn = async (deadline: number) => {
    await ready();
    const ahead = queue;
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    queue = ahead.then(() => mine);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const left = Math.max(0, deadline - performance.now());
    await Promise.race([ahead, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
    return release;
  };
  /** Runs `call`; on the embedded file, after SQLITE_BUSY, replaces the connections before passing the error on. */
  const fresh = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (file && isBusy(error)) await client.reconnect();
      throw error;
    }
  };
  /**
   * Runs `call`, which takes the write lock first (a write, a batch, BEGIN IMMEDIATE); on the embedded file, when
   * another connection holds the lock, waits for it without blocking and sends `call` again, until `deadline`.
   */
  const persistent = async <T>(call: () => Promise<T>, deadline: number): Promise<T> => {
    for (;;) {
      try {
        return await fresh(call);
      } catch (error) {
        if (!file || !isBusy(error) || !(await lockFreed(file, deadline))) throw error;
      }
    }
  };
  /** A write outside a transaction, in its turn; sent again when refused busy unless some of it may have applied. */
  const write = async <T>(call: () => Promise<T>, again = true): Promise<T> => {
    const deadline = performance.now() + waitMs;
    const release = await turn(deadline);
    try {
      return await (again ? persistent(call, deadline) : fresh(call));
    } finally {
      release();
    }
  };

  const read = async <T>(call: () => Promise<T>): Promise<T> => {
    await ready();
    return fresh(call);
  };

  const execute = (stmt: InStatement | string, args?: InArgs) =>
    (readsOnly(stmt) ? read : write)(() => executeOn(client, stmt, args));
  const batch: Client["batch"] = (stmts, mode) =>
    (mode === "read" ? read : write)(() => client.batch(stmts, mode));
  const migrate: Client["migrate"] = (stmts) => write(() => client.migrate(stmts));
  const executeMultiple: Client["executeMultiple"] = (sql) => write(() => client.executeMultiple(sql), false);
  const transaction = async (mode?: TransactionMode): Promise<Transaction> => {
    if (mode === "read") return endsWith(await read(() => client.transaction(mode)), fresh, () => {});
    const deadline = performance.now() + waitMs;
    const release = await turn(deadline);
    try {
      return endsWith(await persistent(() => client.transaction(mode), deadline), fresh, release);
    } catch (error) {
      release();
      throw error;
    }
  };

  return overriding(client, { execute, batch, migrate, executeMultiple, transaction });
}

/**
 * The transaction, calling `release` once it has committed, rolled back or closed, and each of its calls through
 * `fresh` (a SQLITE_BUSY inside it replaces the client's connections too).
 */
export function endsWith(
  tx: Transaction,
  fresh: <T>(call: () => Promise<T>) => Promise<T>,
  release: () => void,
): Transaction {
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "close")
        return () => {
          try {
            return value.call(target);
          } finally {
            release();
          }
        };
      const settles = property === "commit" || property === "rollback";
      return async (...args: unknown[]) => {
        try {
          return await fresh(() => value.apply(target, args));
        } finally {
          if (settles) release();
        }
      };
    },
  });
}

/**
 * Resolves true once the file's write lock is free (a connection of its own takes it and lets it go at once), false
 * when `deadline` passes first. Between tries it sleeps, so the event loop serves other requests meanwhile.
 */
async function lockFreed(path: string, deadline: number): Promise<boolean> {
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    // A fresh connection each try: one whose statement failed busy is not to be trusted again (see above).
    const probe = nativeConnection(path, 0);
    try {
      probe.exec("BEGIN IMMEDIATE");
      probe.exec("ROLLBACK");
      return true;
    } catch (error) {
      if (!isBusy(error)) throw error;
    } finally {
      probe.close();
    }
    const left = deadline - performance.now();
    if (left <= 0) return false;
    await pause(Math.min(wait, left));
  }
}
