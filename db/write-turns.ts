import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";
import { isDatabaseBusy } from "./unavailable.ts";

/**
 * How long a statement on an embedded file waits for another connection's write lock (another process, or a
 * transaction of this one) before it fails with SQLITE_BUSY.
 */
export const DATABASE_BUSY_TIMEOUT_MS = 5_000;

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
 * - The client opens every connection with a busy timeout (`timeout`), so a write waits for another process's
 *   write lock instead of failing at once. SQLite waits inside the synchronous native call, so the event loop
 *   stops while it waits.
 * - That is why this process's own write transactions are taken one at a time, and other writes of this process
 *   wait for the open one without blocking: a write on a second connection while this process holds the lock
 *   would stop the very event loop the transaction needs to finish, and fail after the whole timeout.
 * - A statement that fails with SQLITE_BUSY stays in progress on its connection (libsql 0.5.29 does not reset
 *   it: tursodatabase/libsql-client-ts#352). That connection then reports later writes as done without ever
 *   committing them, and a later transaction fails at COMMIT. So after any SQLITE_BUSY the client drops its
 *   connections and opens fresh ones.
 */
export function writesInTurn(
  client: Client,
  waitMs: number,
  { embeddedFile }: { embeddedFile: boolean },
): Client {
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
   * This process's write transactions, one after another: resolves when the last one queued has committed,
   * rolled back or closed. A turn is taken in one synchronous step, so two waiters never wake into one turn.
   */
  let queue: Promise<void> = Promise.resolve();
  // Bounded: a write issued from inside a transaction's own callback must not wait for it forever; after the
  // timeout it goes ahead and meets SQLITE_BUSY, as it would have without this queue.
  const within = async (ahead: Promise<void>) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([ahead, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  };
  const writeTurn = async () => {
    await ready();
    await within(queue);
  };
  /** Queues a write transaction; resolves once it is its turn, with the function that ends it. */
  const transactionTurn = async () => {
    await ready();
    const ahead = queue;
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    queue = ahead.then(() => mine);
    await within(ahead);
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
   * A write outside a transaction. On the file it runs synchronously once no transaction of this process is open;
   * on a server it holds the turn for its round trip.
   */
  const write = async <T>(call: () => Promise<T>): Promise<T> => {
    if (embeddedFile) {
      await writeTurn();
      return fresh(call);
    }
    const release = await transactionTurn();
    try {
      return await call();
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
  const executeMultiple: Client["executeMultiple"] = (sql) => write(() => client.executeMultiple(sql));
  const transaction = async (mode?: TransactionMode): Promise<Transaction> => {
    if (mode === "read") {
      await ready();
      return endsWith(await fresh(() => client.transaction(mode)), fresh, () => {});
    }
    const release = await transactionTurn();
    try {
      return endsWith(await fresh(() => client.transaction(mode)), fresh, release);
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
