import type { Client, InArgs, InStatement, ResultSet, Row } from "@libsql/client";
import {
  executeOn,
  type NativeConnection,
  type NativeStatement,
  nativeConnection,
  overriding,
} from "./client-calls.ts";

/** Plain reads only: anything else (writes, RETURNING, pragmas) goes the client's way. */
const PLAIN_READ = /^\s*select\b(?![\s\S]*\breturning\b)/i;
const STATEMENTS_KEPT = 256; // the least recently used go first (a Map's order is insertion order)

/**
 * An embedded file's plain reads on a connection of their own, with their prepared statements kept (decisions 075, 116):
 * @libsql/client prepares every statement afresh behind an async pool, which on the embedded file cost more than
 * the query itself. Each read runs synchronously, outside any transaction, and in WAL mode sees the last commit,
 * as a read on the client does. Every other call (writes, batches, transactions, migrations) is the client's own.
 * A read is never sent again: a failed one fails, and its connection is replaced at the next read.
 */
export function withFileReads(client: Client, path: string, busyTimeoutMs: number): Client {
  let native: NativeConnection | null = null;
  let closed = false;
  let ready: Promise<unknown> | true | null = null;
  const statements = new Map<string, { statement: NativeStatement; columns: string[]; types: string[] }>();

  const drop = () => {
    statements.clear();
    native?.close();
    native = null;
  };
  /** A plain read's rows on a kept statement; a read that fails is not sent again. */
  const rows = (sql: string, args: readonly unknown[]) => {
    try {
      let kept = statements.get(sql);
      if (kept) statements.delete(sql);
      else {
        native ??= nativeConnection(path, busyTimeoutMs);
        const statement = native.prepare(sql).raw(true);
        const columns = statement.columns().map((c) => c.name);
        kept = { statement, columns, types: columns.map(() => "") };
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, kept);
      // Bound as @libsql/client binds (booleans 0/1, dates ms).
      const bound = args.map((v) => (typeof v === "boolean" ? +v : v instanceof Date ? v.valueOf() : v));
      return { kept, values: kept.statement.all(...bound) };
    } catch (error) {
      drop();
      throw error;
    }
  };
  const read = async (sql: string, args: readonly unknown[] = []): Promise<ResultSet> => {
    // The client's first statement puts the file in WAL mode (db/write-turns.ts); reads wait for it once.
    if (ready !== true) {
      ready ??= client.execute("select 1").catch((error) => {
        ready = null;
        throw error;
      });
      await ready;
      ready = true;
    }
    const { kept, values } = rows(sql, args);
    return resultSet(kept.columns, kept.types, values);
  };

  const execute = (stmt: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const params = typeof stmt === "string" ? args : stmt.args;
    // Positional arguments only (Drizzle's); a statement already kept is a plain read, without testing it again.
    // Once closed, the client's way answers the client's own error.
    const plainRead = statements.has(sql) || PLAIN_READ.test(sql);
    if (!plainRead || closed || (params !== undefined && !Array.isArray(params))) {
      return executeOn(client, stmt, args);
    }
    return read(sql, params);
  };
  const close = () => {
    closed = true;
    drop();
    client.close();
  };
  return overriding(client, { execute, close });
}

/** Rows as arrays with named columns too (Drizzle reads by index, raw SQL by name), cheaper than the client's rows. */
function resultSet(columns: string[], columnTypes: string[], values: unknown[][]): ResultSet {
  for (const cells of values) {
    const row = cells as unknown as Record<string, unknown>;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      if (column !== "length" && !Object.hasOwn(row, column)) row[column] = cells[i];
    }
  }
  return {
    columns,
    columnTypes,
    rows: values as unknown as Row[],
    rowsAffected: 0,
    lastInsertRowid: undefined,
    toJSON: () => ({ columns, columnTypes, rows: values, rowsAffected: 0, lastInsertRowid: null }),
  };
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
