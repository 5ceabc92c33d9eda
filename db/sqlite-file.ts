import { LibsqlError, type ResultSet } from "@libsql/client";
import {
  createTableRelationsHelpers,
  DrizzleQueryError,
  entityKind,
  extractTablesRelationalConfig,
  fillPlaceholders,
  type Query,
  type RelationalSchemaConfig,
  sql,
  type TablesRelationalConfig,
} from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import {
  BaseSQLiteDatabase,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
  SQLiteAsyncDialect,
  type SQLiteExecuteMethod,
  SQLitePreparedQuery,
  SQLiteSession,
  SQLiteTransaction,
  type SQLiteTransactionConfig,
} from "drizzle-orm/sqlite-core";
import * as drizzleUtils from "drizzle-orm/utils";

/**
 * An embedded `file:` database on the `libsql` package's synchronous native API (what @libsql/client runs on
 * underneath), through a Drizzle session of our own: the app's async query API and transactions unchanged, without
 * the client's per-statement cost. docs/decisions/028-embedded-driver.md.
 *
 * - Two connections. `main` runs every statement outside a transaction, synchronously, each in its own implicit
 *   transaction; `transactions` runs this process's transactions (BEGIN IMMEDIATE .. COMMIT) while their
 *   callbacks await. Reads on `main` never wait: in WAL mode they see the last commit, never a transaction's
 *   uncommitted writes.
 * - One write at a time in this process ({@link WriteGate}): a transaction waits for the open one; a write on
 *   `main` waits while a transaction is open, without blocking the event loop. Otherwise the write would wait for
 *   the lock inside SQLite's synchronous call, stopping the very event loop that transaction needs to finish
 *   (decision 019).
 * - Another process's lock is waited for inside SQLite (busy timeout), as with @libsql/client.
 * - Compiled statements are cached per connection, keyed by SQL: Drizzle builds the same SQL for the same query
 *   shape, so each shape is prepared once.
 */
export class SqliteFile {
  readonly main: Statements;
  #transactions: Statements | null = null;
  readonly gate: WriteGate;
  #closed = false;

  constructor(
    readonly path: string,
    readonly busyTimeoutMs: number,
  ) {
    this.gate = new WriteGate(busyTimeoutMs);
    this.main = new Statements(() => connect(path, busyTimeoutMs));
  }

  get closed() {
    return this.#closed;
  }

  /** The transaction connection, opened with the first transaction. */
  get transactions(): Statements {
    this.#transactions ??= new Statements(() => connect(this.path, this.busyTimeoutMs));
    return this.#transactions;
  }

  /** Runs a statement on `main`: a read at once, a write once no transaction of this process is open. */
  async write<T>(run: () => T): Promise<T> {
    if (this.gate.open) {
      const deadline = this.gate.deadline();
      while (this.gate.open) await this.gate.waitOpen(deadline);
    }
    // Synchronous from the last check on: nothing can open a transaction in between.
    this.main.refresh();
    return run();
  }

  /**
   * Opens a write transaction on the transaction connection once this process's open one has ended: BEGIN
   * IMMEDIATE takes the file's write lock at once (waiting up to the busy timeout for another process's).
   */
  async begin(): Promise<OpenTransaction> {
    const deadline = this.gate.deadline();
    while (this.gate.open) await this.gate.waitOpen(deadline);
    const release = this.gate.claim();
    const statements = this.transactions;
    try {
      statements.refresh();
      statements.exec("BEGIN IMMEDIATE");
    } catch (error) {
      release();
      throw error;
    }
    let ended = false;
    const end = (sqlText: "COMMIT" | "ROLLBACK") => {
      if (ended) return;
      try {
        if (statements.connection.inTransaction) statements.exec(sqlText);
      } finally {
        ended = true;
        statements.refresh();
        release();
      }
    };
    return {
      statements,
      get ended() {
        return ended;
      },
      commit: () => {
        try {
          end("COMMIT");
        } catch (error) {
          // A failed COMMIT leaves the transaction open in SQLite: roll it back so the connection is clean.
          if (statements.connection.inTransaction) statements.connection.exec("ROLLBACK");
          throw error;
        }
      },
      rollback: () => end("ROLLBACK"),
    };
  }

  /** Runs `body` in a write transaction: committed if it resolves, rolled back if it throws. */
  async transaction<T>(body: (statements: Statements) => Promise<T> | T): Promise<T> {
    const tx = await this.begin();
    let result: T;
    try {
      result = await body(tx.statements);
    } catch (error) {
      tx.rollback();
      throw error;
    }
    tx.commit();
    return result;
  }

  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.main.close();
    this.#transactions?.close();
  }
}

export interface OpenTransaction {
  statements: Statements;
  readonly ended: boolean;
  commit(): void;
  rollback(): void;
}

/**
 * This process's write transactions, one at a time. `open` is the open transaction, settled when it ends. Waits
 * are bounded by the busy timeout, so a write issued from inside a transaction's own callback (through `db`
 * instead of `tx`) fails with SQLITE_BUSY after the timeout instead of waiting forever, as it did before.
 */
export class WriteGate {
  open: Promise<void> | null = null;
  constructor(readonly timeoutMs: number) {}

  deadline() {
    return Date.now() + this.timeoutMs;
  }

  /** Resolves when the open transaction ends; throws SQLITE_BUSY once `deadline` has passed. */
  async waitOpen(deadline: number): Promise<void> {
    const left = deadline - Date.now();
    if (!this.open || left <= 0) {
      if (this.open) throw busyError();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.open, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }

  /** Marks a transaction open; call the answer when it ends. Only when `open` is null. */
  claim(): () => void {
    let resolve = () => {};
    const mine = new Promise<void>((r) => (resolve = r));
    this.open = mine;
    return () => {
      if (this.open === mine) this.open = null;
      resolve();
    };
  }
}

function busyError() {
  return new LibsqlError(
    "database is locked (this process's open transaction outlasted the busy timeout)",
    "SQLITE_BUSY",
    "SQLITE_BUSY",
    5,
  );
}

/** At most this many compiled statements are kept per connection (the least recently used go). */
const STATEMENT_CACHE_SIZE = 500;

/** The part of the `libsql` package's better-sqlite3-compatible API used here. */
interface NativeDatabase {
  prepare(sql: string): NativeStatement;
  exec(sql: string): void;
  close(): void;
  readonly inTransaction: boolean;
}
interface NativeStatement {
  /** Whether it returns rows (only such a statement takes `raw`). */
  readonly reader: boolean;
  raw(on?: boolean): NativeStatement;
  run(params: unknown[] | Record<string, unknown>): { changes: number; lastInsertRowid: number | bigint };
  all(params: unknown[] | Record<string, unknown>): unknown[];
  columns(): Array<{ name: string; type: string | null }>;
}
type NativeDatabaseClass = new (path: string, options: { timeout: number }) => NativeDatabase;

interface Cached {
  statement: NativeStatement;
  reader: boolean;
  /** Rows as arrays (raw) or as objects. */
  raw: boolean;
}

/**
 * One connection and its compiled statements. Every call converts SQLite's errors into LibsqlError. After a
 * SQLITE_BUSY the connection is replaced at the next safe point: libsql 0.5.29 leaves a statement that failed busy
 * in progress, and that connection then reports later writes as done without committing them (decision 019).
 */
export class Statements {
  #connection: NativeDatabase;
  #cache = new Map<string, Cached>();
  #stale = false;
  constructor(private readonly open: () => NativeDatabase) {
    this.#connection = open();
  }

  get connection(): NativeDatabase {
    return this.#connection;
  }

  /** Opens a fresh connection if a statement failed busy on this one; only outside a transaction. */
  refresh() {
    if (!this.#stale) return;
    this.#stale = false;
    this.#cache.clear();
    const old = this.#connection;
    this.#connection = this.open();
    old.close();
  }

  prepare(sqlText: string, raw: boolean): Cached {
    let cached = this.#cache.get(sqlText);
    if (cached) {
      this.#cache.delete(sqlText);
      this.#cache.set(sqlText, cached);
    } else {
      const statement = this.#connection.prepare(sqlText);
      cached = { statement, reader: statement.reader, raw: false };
      this.#cache.set(sqlText, cached);
      if (this.#cache.size > STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    }
    if (cached.reader && cached.raw !== raw) {
      cached.statement.raw(raw);
      cached.raw = raw;
    }
    return cached;
  }

  run(sqlText: string, params: readonly unknown[]): ResultSet {
    return this.#call(() => {
      const info = this.prepare(sqlText, false).statement.run(bindings(params));
      return resultSet([], [], info.changes, BigInt(info.lastInsertRowid));
    });
  }

  all(sqlText: string, params: readonly unknown[]): Record<string, unknown>[] {
    return this.#call(() => {
      const { statement, reader } = this.prepare(sqlText, false);
      if (reader) return statement.all(bindings(params)) as Record<string, unknown>[];
      statement.run(bindings(params));
      return [];
    });
  }

  values(sqlText: string, params: readonly unknown[]): unknown[][] {
    return this.#call(() => {
      const { statement, reader } = this.prepare(sqlText, true);
      if (reader) return statement.all(bindings(params)) as unknown[][];
      statement.run(bindings(params));
      return [];
    });
  }

  /** Runs one statement as @libsql/client's `execute` would answer it. */
  execute(sqlText: string, params: unknown[] | Record<string, unknown>): ResultSet {
    return this.#call(() => {
      const args = Array.isArray(params) ? bindings(params) : namedBindings(params);
      const { statement, reader } = this.prepare(sqlText, true);
      if (!reader) {
        const info = statement.run(args);
        return resultSet([], [], info.changes, BigInt(info.lastInsertRowid));
      }
      const columns = statement.columns();
      const names = columns.map((c) => c.name);
      const rows = (statement.all(args) as unknown[][]).map((values) => row(values, names));
      return resultSet(
        names,
        rows,
        0,
        undefined,
        columns.map((c) => c.type ?? ""),
      );
    });
  }

  /** Statements without parameters, one after the other (BEGIN, COMMIT, PRAGMA, a script). */
  exec(sqlText: string) {
    this.#call(() => this.#connection.exec(sqlText));
  }

  #call<T>(call: () => T): T {
    try {
      return call();
    } catch (error) {
      const converted = asLibsqlError(error);
      if ((converted as { code?: unknown }).code === "SQLITE_BUSY") this.#stale = true;
      throw converted;
    }
  }

  close() {
    this.#cache.clear();
    this.#connection.close();
  }
}

function connect(path: string, busyTimeoutMs: number): NativeDatabase {
  // Loaded at run time, not imported: the Worker bundles this module (db/client.ts picks it only under Bun), and
  // its bundler cannot bundle a native addon. The same `libsql` that @libsql/client loads, so connections of both
  // in one process see each other's locks (two SQLite libraries in one process do not: decision 028).
  const { createRequire } = process.getBuiltinModule("node:module");
  const Native = createRequire(import.meta.url)("libsql") as NativeDatabaseClass;
  const connection = new Native(path, { timeout: Math.max(0, Math.floor(busyTimeoutMs)) });
  try {
    // Stored in the file: a no-op after the first process. Readers never wait for a writer.
    connection.exec("PRAGMA journal_mode = WAL");
    // A commit is in the WAL before it returns, so it survives the process being killed; only a power cut or a
    // kernel crash can lose the last commits (never corrupt the file). FULL's fsync per commit stopped the event
    // loop about 2 ms per write (decision 051).
    connection.exec("PRAGMA synchronous = NORMAL");
    // libSQL's default, stated: the schema's cascades and set-nulls depend on it.
    connection.exec("PRAGMA foreign_keys = ON");
  } catch (error) {
    connection.close();
    throw asLibsqlError(error);
  }
  return connection;
}

/** SQLite's error as @libsql/client reports it: `code` the base code, `message` starting with it. */
export function asLibsqlError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== "SqliteError") return error;
  const { code, rawCode } = error as Error & { code?: string; rawCode?: number };
  const base = /^SQLITE_[A-Z]+/.exec(code ?? "")?.[0] ?? "SQLITE_UNKNOWN";
  return new LibsqlError(error.message, base, code, rawCode, error);
}

/** Values as the native driver binds them, converted as @libsql/client converts them. */
function bindings(params: readonly unknown[]): unknown[] {
  let converted: unknown[] | null = null;
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    const bound = bindable(value);
    if (bound !== value) {
      converted ??= params.slice();
      converted[i] = bound;
    }
  }
  return converted ?? (params as unknown[]);
}

function namedBindings(params: Record<string, unknown>): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    named[/^[:@$]/.test(name) ? name.slice(1) : name] = bindable(value);
  }
  return named;
}

function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return value;
}

/** A row as @libsql/client gives it: named columns enumerable, indexes and length not. */
function row(values: unknown[], columns: string[]) {
  const r: Record<string | number, unknown> = {};
  Object.defineProperty(r, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    Object.defineProperty(r, i, { value: values[i] });
    const column = columns[i]!;
    if (!Object.hasOwn(r, column))
      Object.defineProperty(r, column, {
        value: values[i],
        enumerable: true,
        configurable: true,
        writable: true,
      });
  }
  return r as ResultSet["rows"][number];
}

function resultSet(
  columns: string[],
  rows: ResultSet["rows"],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
  columnTypes: string[] = columns.map(() => ""),
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((r) => Array.from(r)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString() ?? null,
    }),
  };
}

// ---- Drizzle ----

type Schema = Record<string, unknown>;

/** Drizzle's row mapper for selected fields: exported at run time, internal in its types. */
const { mapResultRow } = drizzleUtils as unknown as {
  mapResultRow(
    fields: SelectedFieldsOrdered,
    row: unknown[],
    joinsNotNullableMap: Record<string, boolean> | undefined,
  ): unknown;
};

/** What a transaction's session runs on: the transaction connection, inside an open transaction. */
interface Target {
  statements: () => Statements;
  /** Outside a transaction writes pass the gate; inside one they hold it already. */
  inTransaction: boolean;
}

const READ_ONLY = /^\s*select\b/i;

class FilePreparedQuery<T extends PreparedQueryConfig> extends SQLitePreparedQuery<{
  type: "async";
  run: ResultSet;
  all: T["all"];
  get: T["get"];
  values: T["values"];
  execute: T["execute"];
}> {
  static override readonly [entityKind]: string = "SignalboardSqliteFilePreparedQuery";
  /** Set by Drizzle's select builder after prepareQuery (internal to Drizzle). */
  declare joinsNotNullableMap?: Record<string, boolean>;
  readonly #readOnly: boolean;

  constructor(
    private readonly file: SqliteFile,
    private readonly target: Target,
    query: Query,
    private readonly fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    private readonly customResultMapper?: (rows: unknown[][]) => unknown,
  ) {
    super("async", executeMethod, query);
    this.#readOnly = READ_ONLY.test(query.sql);
  }

  /** Runs `call` on the right connection: in the transaction, or on `main` past the write gate if it writes. */
  async #on<R>(params: unknown[], call: (statements: Statements) => R): Promise<R> {
    try {
      if (this.target.inTransaction || this.#readOnly) return call(this.target.statements());
      return await this.file.write(() => call(this.file.main));
    } catch (error) {
      // As Drizzle's other drivers report a failed query: the driver's error is the cause.
      throw new DrizzleQueryError(this.query.sql, params, error as Error);
    }
  }

  run(placeholderValues?: Record<string, unknown>): Promise<ResultSet> {
    const params = fillPlaceholders(this.query.params, placeholderValues ?? {});
    return this.#on(params, (s) => s.run(this.query.sql, params));
  }

  all(placeholderValues?: Record<string, unknown>): Promise<T["all"]> {
    const params = fillPlaceholders(this.query.params, placeholderValues ?? {});
    return this.#on(params, (s) => this.shapeAll(s, params));
  }

  get(placeholderValues?: Record<string, unknown>): Promise<T["get"]> {
    const params = fillPlaceholders(this.query.params, placeholderValues ?? {});
    return this.#on(params, (s) => this.shapeGet(s, params));
  }

  values(placeholderValues?: Record<string, unknown>): Promise<T["values"]> {
    const params = fillPlaceholders(this.query.params, placeholderValues ?? {});
    return this.#on(params, (s) => s.values(this.query.sql, params));
  }

  /** Runs this query synchronously on `statements` (inside a batch's transaction), shaped by its method. */
  runOn(statements: Statements): unknown {
    const params = fillPlaceholders(this.query.params, {});
    const method = (this as unknown as { executeMethod: SQLiteExecuteMethod }).executeMethod;
    if (method === "run") return statements.run(this.query.sql, params);
    if (method === "get") return this.shapeGet(statements, params);
    return this.shapeAll(statements, params);
  }

  private shapeAll(statements: Statements, params: unknown[]) {
    const { fields, customResultMapper } = this;
    if (!fields && !customResultMapper) return statements.all(this.query.sql, params);
    const rows = statements.values(this.query.sql, params);
    if (customResultMapper) return customResultMapper(rows);
    return rows.map((r) => mapResultRow(fields!, r, this.joinsNotNullableMap));
  }

  private shapeGet(statements: Statements, params: unknown[]) {
    const { fields, customResultMapper } = this;
    if (!fields && !customResultMapper) return statements.all(this.query.sql, params)[0];
    const [first] = statements.values(this.query.sql, params);
    if (!first) return undefined;
    if (customResultMapper) return customResultMapper([first]);
    return mapResultRow(fields!, first, this.joinsNotNullableMap);
  }

  /** @internal Drizzle asks this of every prepared query. */
  isResponseInArrayMode(): boolean {
    return Boolean(this.fields);
  }
}

/** What Drizzle's batch items answer to `_prepare()`: our prepared query, or a raw `db.run(sql)` and the like. */
interface Preparable {
  _prepare(): FilePreparedQuery<PreparedQueryConfig> | RawQuery;
}
interface RawQuery {
  getQuery(): Query & { method?: "run" | "all" | "get" | "values" };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

/** A raw statement of a batch (`db.run(sql)`, `db.all(sql)`, ...) run on `statements`, shaped as Drizzle shapes it. */
function runRaw(raw: RawQuery, statements: Statements): unknown {
  const { sql: text, params, method } = raw.getQuery();
  const result =
    method === "all"
      ? statements.all(text, params)
      : method === "get"
        ? statements.all(text, params)[0]
        : method === "values"
          ? statements.values(text, params)
          : statements.run(text, params);
  return raw.mapResult(result, true);
}

class FileSession<TFullSchema extends Schema, TSchema extends TablesRelationalConfig> extends SQLiteSession<
  "async",
  ResultSet,
  TFullSchema,
  TSchema
> {
  static override readonly [entityKind]: string = "SignalboardSqliteFileSession";

  constructor(
    readonly file: SqliteFile,
    private readonly asyncDialect: SQLiteAsyncDialect,
    private readonly schema: RelationalSchemaConfig<TSchema> | undefined,
    private readonly target: Target,
  ) {
    super(asyncDialect);
  }

  prepareQuery<T extends PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    _isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
  ): FilePreparedQuery<T & { type: "async" }> {
    return new FilePreparedQuery(this.file, this.target, query, fields, executeMethod, customResultMapper);
  }

  /** A transaction on the transaction connection; other writes of this process wait for it (WriteGate). */
  override transaction<T>(
    transaction: (tx: FileTransaction<TFullSchema, TSchema>) => Promise<T>,
    _config?: SQLiteTransactionConfig,
  ): Promise<T> {
    if (this.target.inTransaction) {
      // Drizzle calls the session's transaction only at the top level; a nested one goes through tx.transaction.
      throw new Error("A transaction inside a transaction goes through tx.transaction (a savepoint).");
    }
    return this.file.transaction((statements) => {
      const session = new FileSession<TFullSchema, TSchema>(this.file, this.asyncDialect, this.schema, {
        statements: () => statements,
        inTransaction: true,
      });
      return transaction(new FileTransaction("async", this.asyncDialect, session, this.schema));
    });
  }

  /** The queries in one transaction, answered as Drizzle's libSQL batch answers them. */
  async batch(queries: readonly BatchItem<"sqlite">[]): Promise<unknown[]> {
    const prepared = queries.map((q) => (q as unknown as Preparable)._prepare());
    const run = (statements: Statements) =>
      prepared.map((p) => (p instanceof FilePreparedQuery ? p.runOn(statements) : runRaw(p, statements)));
    return this.target.inTransaction ? run(this.target.statements()) : this.file.transaction(run);
  }

  /**
   * Statements of migrations in one transaction with foreign keys off around it (a table rebuild must not
   * cascade), as @libsql/client's `migrate` runs them.
   */
  async migrate(queries: readonly BatchItem<"sqlite">[]): Promise<unknown[]> {
    const statements = this.file.transactions;
    const deadline = this.file.gate.deadline();
    while (this.file.gate.open) await this.file.gate.waitOpen(deadline);
    statements.exec("PRAGMA foreign_keys = OFF");
    try {
      return await this.batch(queries);
    } finally {
      statements.exec("PRAGMA foreign_keys = ON");
    }
  }

  // Drizzle reads these from a driver that answers a batch with raw results; ours answers shaped ones.
  extractRawAllValueFromBatchResult(result: unknown) {
    return result;
  }
  extractRawGetValueFromBatchResult(result: unknown) {
    return result;
  }
  extractRawValuesValueFromBatchResult(result: unknown) {
    return result;
  }
}

export class FileTransaction<
  TFullSchema extends Schema,
  TSchema extends TablesRelationalConfig,
> extends SQLiteTransaction<"async", ResultSet, TFullSchema, TSchema> {
  static override readonly [entityKind]: string = "SignalboardSqliteFileTransaction";

  override async transaction<T>(
    transaction: (tx: FileTransaction<TFullSchema, TSchema>) => Promise<T>,
  ): Promise<T> {
    const session = (this as unknown as { session: FileSession<TFullSchema, TSchema> }).session;
    const name = `sp${this.nestedIndex}`;
    const tx = new FileTransaction<TFullSchema, TSchema>(
      "async",
      (this as unknown as { dialect: SQLiteAsyncDialect }).dialect,
      session,
      this.schema as RelationalSchemaConfig<TSchema> | undefined,
      this.nestedIndex + 1,
    );
    await session.run(sql.raw(`savepoint ${name}`));
    try {
      const result = await transaction(tx);
      await session.run(sql.raw(`release savepoint ${name}`));
      return result;
    } catch (error) {
      await session.run(sql.raw(`rollback to savepoint ${name}`));
      throw error;
    }
  }
}

/** The Drizzle database on an embedded file: the async SQLite API (as on libSQL), with `batch`. */
export class SqliteFileDatabase<
  TFullSchema extends Schema = Record<string, never>,
> extends BaseSQLiteDatabase<"async", ResultSet, TFullSchema> {
  static override readonly [entityKind]: string = "SignalboardSqliteFileDatabase";
  readonly #session: FileSession<TFullSchema, TablesRelationalConfig>;

  constructor(file: SqliteFile, options: { schema?: TFullSchema; casing?: "snake_case" | "camelCase" } = {}) {
    const dialect = new SQLiteAsyncDialect({ casing: options.casing });
    let schema: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
    if (options.schema) {
      const tables = extractTablesRelationalConfig(options.schema, createTableRelationsHelpers);
      schema = { fullSchema: options.schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
    }
    const session = new FileSession<TFullSchema, TablesRelationalConfig>(file, dialect, schema, {
      statements: () => file.main,
      inTransaction: false,
    });
    super("async", dialect, session as never, schema as never);
    this.#session = session;
  }

  /** The queries in one transaction (all or none), answered as Drizzle's libSQL `batch` answers them. */
  async batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(
    batch: T,
  ): Promise<BatchResponse<T>> {
    return (await this.#session.batch(batch)) as BatchResponse<T>;
  }

  /** Migration statements in one transaction with foreign keys off around it (db/migrate.ts). */
  migrateStatements(queries: readonly BatchItem<"sqlite">[]): Promise<unknown[]> {
    return this.#session.migrate(queries);
  }
}
