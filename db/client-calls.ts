import { createRequire } from "node:module";
import type { Client, InArgs, InStatement, TransactionMode } from "@libsql/client";

/** The methods a wrapper may put in place of the client's own. */
type Overridable = "execute" | "batch" | "migrate" | "transaction" | "executeMultiple" | "close";

/**
 * The client with `own` methods in place of its own; every other member of its public interface is the client's. A
 * plain object built once, so a call on the wrapper runs the wrapper's method and nothing else (decision 147).
 */
export function overriding(client: Client, own: Partial<Pick<Client, Overridable>>): Client {
  return {
    execute: own.execute ?? ((stmt: InStatement | string, args?: InArgs) => executeOn(client, stmt, args)),
    batch: own.batch ?? ((stmts, mode) => client.batch(stmts, mode)),
    migrate: own.migrate ?? ((stmts) => client.migrate(stmts)),
    transaction: own.transaction ?? ((mode?: TransactionMode) => client.transaction(mode)),
    executeMultiple: own.executeMultiple ?? ((sql) => client.executeMultiple(sql)),
    sync: () => client.sync(),
    close: own.close ?? (() => client.close()),
    reconnect: () => client.reconnect(),
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
  };
}

/** `client.execute` as it was called: a statement object, or SQL with its arguments. */
export const executeOn = (client: Client, stmt: InStatement | string, args?: InArgs) =>
  typeof stmt === "string" ? client.execute(stmt, args) : client.execute(stmt);

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SQL of an `execute` call. */
const sqlOf = (stmt: InStatement | string) => (typeof stmt === "string" ? stmt : stmt.sql);

const READ_ONLY = /^\s*select\b/i;

/** Whether a statement only reads (what may skip a write's turn). */
export const readsOnly = (stmt: InStatement | string) => READ_ONLY.test(sqlOf(stmt));

/** What the project uses of the `libsql` package (better-sqlite3's API), the library @libsql/client runs on. */
export interface NativeStatement {
  raw(on: boolean): NativeStatement;
  columns(): Array<{ name: string }>;
  all(...params: unknown[]): unknown[][];
}
export interface NativeConnection {
  prepare(sql: string): NativeStatement;
  exec(sql: string): void;
  close(): void;
}

/** A connection of its own to an embedded file, waiting `busyTimeoutMs` for a lock inside SQLite. */
export function nativeConnection(path: string, busyTimeoutMs: number): NativeConnection {
  const Database = createRequire(import.meta.url)("libsql") as new (
    path: string,
    options: { timeout: number },
  ) => NativeConnection;
  return new Database(path, { timeout: busyTimeoutMs });
}
