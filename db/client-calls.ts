import { createRequire } from "node:module";
import type { Client, InArgs, InStatement } from "@libsql/client";

/** The client with `own` methods in place of its own; every other property is the client's, bound to it. */
export function overriding(client: Client, own: Partial<Record<keyof Client, unknown>>): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property in own) return own[property as keyof Client];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `client.execute` as it was called: a statement object, or SQL with its arguments. */
export const executeOn = (client: Client, stmt: InStatement | string, args?: InArgs) =>
  typeof stmt === "string" ? client.execute(stmt, args) : client.execute(stmt);

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SQL of an `execute` call. */
export const sqlOf = (stmt: InStatement | string) => (typeof stmt === "string" ? stmt : stmt.sql);

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
