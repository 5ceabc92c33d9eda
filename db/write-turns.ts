import { createRequire } from "node:module";
import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";
import { isDatabaseBusy } from "./unavailable.ts";

/**
 * How long a write on an embedded file waits for another connection's write lock (another process, or a
 * transaction of this one) before it fails with SQLITE_BUSY.
 */
export const DATABASE_BUSY_TIMEOUT_MS = 5_000;

/**
 * SQLite's own wait for a lock, on the embedded file's connections. It waits inside its synchronous call, with the
 * event loop stopped, so it stays short; longer waits happen in `lockFreed`, which lets other requests run.
 */
export const NATIVE_BUSY_WAIT_MS = 25;

const READ_ONLY = /^\s*select\b/i;

/**
 * This process's writes, in turn (decisions 019 and 075). On a libSQL server (`embeddedFile` false) every write,
 * batch and transaction holds the turn until it ends: writes sent all at once make the server's writers wait on its
 * one write lock, and under load some give up with SQLITE_BUSY (16 clients analysing on Bun + sqld: 15 of them),
 * where writes in turn each take a round trip. Reads never wait.
 *
 * On an embedded file shared by several processes (the server and the scripts):
 *
 * - WAL journal, set before the first statement: readers never wait for a writer, and a writer waits only for
 *   another writer. The mode is stored in the file, so each process setting it again is a no-op.
 * - SQLite waits for a lock inside its synchronous native call, with the event loop stopped: with the whole
 *   timeout there, another process holding the lock froze every request, health checks included (issue 27). So
 *   the client's connections wait only NATIVE_BUSY_WAIT_MS; a write refused busy then waits for the lock without
 *   blocking (`lockFreed`) and is sent again, until `waitMs` after it was issued, and fails with SQLITE_BUSY.
 * - This process's writes are taken one at a time, and each holds its turn until it ends: a write of this process
 *   meeting its own open transaction's lock could only wait out the timeout, and its fresh connections (below)
 *   would close the transaction's.
 * - A statement that fails with SQLITE_BUSY stays in progress on its connection (libsql 0.5.29 does not reset
 *   it: tursodatabase/libsql-client-ts#352). That connection then reports later writes as done without ever
 *   committing them, and a later transaction fails at COMMIT. So after any SQLITE_BUSY the client drops its
 *   connections and opens fresh ones.
 */
export function writesInTurn(client: Client, waitMs: number, { file }: { file?: string }): Client {
  const embeddedFile = file !== undefined;
  let walReady: Promise<unknown> | null = embeddedFile ? null : Promise.resolve();
  const ready = () => {
    walReady ??= client
      .executeMultiple("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
      .catch((error) => {
        walReady = null;
        throw error;
      });
    return walReady;
  };

  /**
   * This process's writes, one after another: resolves when the last one queued has ended (committed, rolled back,
   * closed, or answered). A turn is taken in one synchronous step, so two waiters never wake into one turn.
   */
  let queue: Promise<void> = Promise.resolve();
  // Bounded: a write issued from inside a transaction's own callback must not wait for it forever; at the deadline
  // it goes ahead and meets SQLITE_BUSY, as it would have without this queue.
  const within = async (ahead: Promise<void>, deadline: number) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const left = Math.max(0, deadline - performance.now());
    await Promise.race([ahead, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  };
  /** Queues a write; resolves once it is its turn, with the function that ends it. */
  const turn = async (deadline: number) => {
    await ready();
    const ahead = queue;
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    queue = ahead.then(() => mine);
    await within(ahead, deadline);
    return release;
  };
  /** Runs `call`; on the embedded file, after SQLITE_BUSY, replaces the connections before passing the error on. */
  const fresh = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (embeddedFile && isBusy(error)) await client.reconnect();
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
  /**
   * A write outside a transaction: it holds the turn until it is answered. `again` says whether a write refused busy
   * may be sent again: not statements run one by one outside a transaction, some of which may have been applied.
   */
  const write = async <T>(call: () => Promise<T>, again = true): Promise<T> => {
    const deadline = performance.now() + waitMs;
    const release = await turn(deadline);
    try {
      return await (again ? persistent(call, deadline) : fresh(call));
    } finally {
      release();
    }
  };

  const execute = async (stmt: InStatement | string, args?: InArgs) => {
    const call = () => (typeof stmt === "string" ? client.execute(stmt, args) : client.execute(stmt));
    if (!READ_ONLY.test(typeof stmt === "string" ? stmt : stmt.sql)) return write(call);
    await ready();
    return fresh(call);
  };
  const batch: Client["batch"] = async (stmts, mode) => {
    if (mode !== "read") return write(() => client.batch(stmts, mode));
    await ready();
    return fresh(() => client.batch(stmts, mode));
  };
  const migrate: Client["migrate"] = (stmts) => write(() => client.migrate(stmts));
  const executeMultiple: Client["executeMultiple"] = (sql) => write(() => client.executeMultiple(sql), false);
  const transaction = async (mode?: TransactionMode): Promise<Transaction> => {
    if (mode === "read") {
      await ready();
      return endsWith(await fresh(() => client.transaction(mode)), fresh, () => {});
    }
    const deadline = performance.now() + waitMs;
    const release = await turn(deadline);
    try {
      return endsWith(await persistent(() => client.transaction(mode), deadline), fresh, release);
    } catch (error) {
      release();
      throw error;
    }
  };

  const own: Partial<Record<keyof Client, unknown>> = {
    execute,
    batch,
    migrate,
    executeMultiple,
    transaction,
  };
  return new Proxy(client, {
    get(target, property) {
      if (property in own) return own[property as keyof Client];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The transaction, calling `release` once it has committed, rolled back or closed, and each of its calls through
 * `fresh` (a SQLITE_BUSY inside it replaces the client's connections too).
 */
function endsWith(
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

/** What this module uses of the `libsql` package (better-sqlite3's API), the library @libsql/client runs on. */
type NativeDatabase = new (
  path: string,
  options: { timeout: number },
) => { exec(sql: string): void; close(): void };
let nativeDatabase: NativeDatabase | undefined;

/**
 * Resolves true once the file's write lock is free (a connection of its own takes it and lets it go at once), false
 * when `deadline` passes first. Between tries it sleeps, so the event loop serves other requests meanwhile.
 */
async function lockFreed(path: string, deadline: number): Promise<boolean> {
  nativeDatabase ??= createRequire(import.meta.url)("libsql") as NativeDatabase;
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    // A fresh connection each try: one whose statement failed busy is not to be trusted again (see above).
    const probe = new nativeDatabase(path, { timeout: 0 });
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
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** The first pause before a busy write is sent again; each next one doubles, up to BUSY_RETRY_MAX_PAUSE_MS. */
const BUSY_RETRY_FIRST_PAUSE_MS = 10;
const BUSY_RETRY_MAX_PAUSE_MS = 250;

/**
 * A libSQL server's client whose writes outside interactive transactions are sent again when the server refuses
 * them with SQLITE_BUSY (its write lock stayed taken past its own wait, "database is locked"), after growing,
 * jittered pauses, until `deadlineMs` after the first attempt; then the busy error goes on (503). A statement or a
 * batch refused busy changed nothing, so sending it again is safe. For the Worker, whose writes cannot take turns:
 * under 64 clients analysing at once sqld refused some (decision 089).
 */
export function retryBusyWrites(client: Client, deadlineMs: number): Client {
  const retried = async <T>(call: () => Promise<T>): Promise<T> => {
    const giveUpAt = Date.now() + deadlineMs;
    for (let pause = BUSY_RETRY_FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, BUSY_RETRY_MAX_PAUSE_MS)) {
      try {
        return await call();
      } catch (error) {
        const wait = pause / 2 + Math.random() * pause;
        if (!isDatabaseBusy(error) || Date.now() + wait >= giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
  const own: Partial<Record<keyof Client, unknown>> = {
    execute: (stmt: InStatement | string, args?: InArgs) =>
      retried(() => (typeof stmt === "string" ? client.execute(stmt, args) : client.execute(stmt))),
    batch: ((stmts, mode) => retried(() => client.batch(stmts, mode))) satisfies Client["batch"],
  };
  return new Proxy(client, {
    get(target, property) {
      if (property in own) return own[property as keyof Client];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Writes one isolate's client has in flight to a libSQL server at once, at most (decision 093). */
export const WORKER_WRITES_IN_FLIGHT = 4;
/**
 * How long a Worker's write waits for a slot before it goes anyway (ms). 2 s (decision 064's) was too short: under
 * 64 clients on the 2-core test machine writes waited longer, went all at once and 13 were in flight together.
 */
export const WORKER_WRITE_WAIT_MS = 5_000;
/** How often a write waiting for a free slot looks again (ms), on a timer of its own request. */
const WRITE_SLOT_POLL_MS = 1;

/**
 * A libSQL server's client with at most `inFlight` writes (statements other than SELECT, batches, write
 * transactions until they end) sent at once; reads never wait. For the Worker: each of its writes is an HTTP request
 * of its own, and 64 requests writing at once left sqld's connections waiting on each other for its one write lock,
 * past the 5 s deadline (decision 093). A write beyond the limit looks again every millisecond on a timer of its own
 * request, never on a promise another request settles (workerd would cancel it, decision 075), and goes anyway once
 * `waitMs` has passed.
 */
export function boundedWrites(client: Client, inFlight: number, waitMs: number): Client {
  let sent = 0;
  const slot = async () => {
    const giveUpAt = performance.now() + waitMs;
    while (sent >= inFlight && performance.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, WRITE_SLOT_POLL_MS));
    }
    sent++;
    let released = false;
    return () => {
      if (!released) sent--;
      released = true;
    };
  };
  const write = async <T>(call: () => Promise<T>): Promise<T> => {
    const release = await slot();
    try {
      return await call();
    } finally {
      release();
    }
  };
  const own: Partial<Record<keyof Client, unknown>> = {
    execute: (stmt: InStatement | string, args?: InArgs) => {
      const call = () => (typeof stmt === "string" ? client.execute(stmt, args) : client.execute(stmt));
      return READ_ONLY.test(typeof stmt === "string" ? stmt : stmt.sql) ? call() : write(call);
    },
    batch: ((stmts, mode) =>
      mode === "read"
        ? client.batch(stmts, mode)
        : write(() => client.batch(stmts, mode))) satisfies Client["batch"],
    transaction: async (mode?: TransactionMode): Promise<Transaction> => {
      if (mode === "read") return client.transaction(mode);
      const release = await slot();
      try {
        return endsWith(await client.transaction(mode), (call) => call(), release);
      } catch (error) {
        release();
        throw error;
      }
    },
  };
  return new Proxy(client, {
    get(target, property) {
      if (property in own) return own[property as keyof Client];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
