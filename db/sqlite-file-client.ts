import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlError,
  type Replicated,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import type { SqliteFile, Statements } from "./sqlite-file.ts";

/** Statements that only read: they run at once, past no write gate (a pragma that sets something is a write). */
const READ_ONLY = /^\s*(select\b|explain\b|pragma\s+\w+\s*;?\s*$)/i;

/**
 * @libsql/client's `Client` on an embedded file opened natively (db/sqlite-file.ts): for the raw SQL of
 * the health check, the demo market import, the scripts and the tests. It shares the file's connections and
 * write gate with the Drizzle database, so a transaction opened here makes this process's other writes wait too.
 */
export function sqliteFileClient(file: SqliteFile): Client {
  const execute = async (stmt: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const { sql, params } = statementOf(stmt, args);
    if (READ_ONLY.test(sql)) return file.main.execute(sql, params);
    return file.write(() => file.main.execute(sql, params));
  };
  const batch = (stmts: Array<InStatement | [string, InArgs?]>, _mode?: TransactionMode) =>
    file.transaction((statements) => stmts.map((s) => run(statements, s)));

  const client: Client = {
    execute: execute as Client["execute"],
    batch,
    async migrate(stmts) {
      const statements = file.transactions;
      const deadline = file.gate.deadline();
      while (file.gate.open) await file.gate.waitOpen(deadline);
      statements.exec("PRAGMA foreign_keys = OFF");
      try {
        return await batch(stmts);
      } finally {
        statements.exec("PRAGMA foreign_keys = ON");
      }
    },
    async transaction(_mode?: TransactionMode): Promise<Transaction> {
      return fileTransaction(await file.begin());
    },
    async executeMultiple(sql) {
      await file.write(() => file.main.exec(sql));
    },
    async sync(): Promise<Replicated> {
      throw new LibsqlError(
        "sync is only for an embedded replica (a file: URL with syncUrl)",
        "SYNC_NOT_SUPPORTED",
      );
    },
    close: () => file.close(),
    // Nothing to do: a connection where a statement failed busy is replaced at its next use (Statements.refresh).
    reconnect: () => {},
    get closed() {
      return file.closed;
    },
    protocol: "file",
  };
  return client;
}

function fileTransaction(open: Awaited<ReturnType<SqliteFile["begin"]>>): Transaction {
  const live = () => {
    if (open.ended) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    return open.statements;
  };
  return {
    execute: async (stmt: InStatement) => run(live(), stmt),
    batch: async (stmts: Array<InStatement>) => {
      const statements = live();
      return stmts.map((s) => run(statements, s));
    },
    executeMultiple: async (sql: string) => live().exec(sql),
    rollback: async () => open.rollback(),
    commit: async () => {
      live();
      open.commit();
    },
    close: () => open.rollback(),
    get closed() {
      return open.ended;
    },
  };
}

function run(statements: Statements, stmt: InStatement | [string, InArgs?]): ResultSet {
  const { sql, params } = Array.isArray(stmt) ? statementOf(stmt[0], stmt[1]) : statementOf(stmt);
  return statements.execute(sql, params);
}

function statementOf(stmt: InStatement | string, args?: InArgs) {
  if (typeof stmt === "string")
    return { sql: stmt, params: (args ?? []) as unknown[] | Record<string, unknown> };
  return { sql: stmt.sql, params: (stmt.args ?? []) as unknown[] | Record<string, unknown> };
}
