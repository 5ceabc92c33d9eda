// Issue 14's driver question, measured: the same Drizzle queries on a copy of the seeded demo database through
// @libsql/client (file: URL, as db/client.ts opens it), Drizzle's bun-sqlite driver (bun:sqlite), and libSQL's
// native synchronous package `libsql` through Drizzle's better-sqlite3 driver. Also: does each run the project's
// migrations, and what happens to an async transaction callback (the shape api/ uses) on it.
import { Database as BunSqlite } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, desc, eq, max } from "drizzle-orm";
import { drizzle as drizzleBun } from "drizzle-orm/bun-sqlite";
import { migrate as migrateBun } from "drizzle-orm/bun-sqlite/migrator";
import { sha256Hex } from "../../api/lib/crypto.ts";
import { createDb, type Db } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import * as schema from "../../db/schema/index.ts";
import { recommendations, sessions, users } from "../../db/schema/index.ts";
import { buildServingSeed } from "./serving-seed.ts";

const migrationsFolder = join(import.meta.dir, "../../db/migrations");
const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";
const RUNS = QUICK ? 2_000 : 10_000;

/**
 * `libsql` is API-compatible with better-sqlite3, but Drizzle's driver imports the module by the name
 * "better-sqlite3", which is not installed: a runtime plugin answers that name with libsql's Database.
 */
async function libsqlThroughBetterSqlite3() {
  const require = createRequire(import.meta.url);
  const Libsql = require("libsql") as new (
    path: string,
  ) => {
    pragma(sql: string): unknown;
    prepare(sql: string): { get(...args: unknown[]): unknown };
    exec(sql: string): void;
    close(): void;
  };
  Bun.plugin({
    name: "better-sqlite3 is libsql",
    setup(build) {
      build.module("better-sqlite3", () => ({ exports: { default: Libsql }, loader: "object" }));
    },
  });
  const { drizzle } = await import("drizzle-orm/better-sqlite3");
  const { migrate } = await import("drizzle-orm/better-sqlite3/migrator");
  return { Libsql, drizzle, migrate };
}

/** The three Drizzle instances share the SQLite query builder; typed as the app's for the shared calls. */
type AnyDb = Db;

/** µs per call, median of 5 rounds of RUNS/5 sequential awaited calls, after a warm-up. */
async function perCall(fn: () => unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await fn();
  const rounds: number[] = [];
  const n = Math.max(1, Math.floor(RUNS / 5));
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    rounds.push(((performance.now() - t0) * 1000) / n);
  }
  rounds.sort((a, b) => a - b);
  return rounds[2]!;
}

/** Do the project's migrations run on a fresh file through this driver, and again as a no-op? */
async function migrationsWork(run: (path: string) => Promise<void> | void): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "bench-migrate-"));
  try {
    const path = join(dir, "m.db");
    await run(path);
    await run(path);
    const probe = new BunSqlite(path, { readonly: true });
    const tables = (
      probe.query("select count(*) as n from sqlite_master where type = 'table'").get() as {
        n: number;
      }
    ).n;
    const applied = (probe.query("select count(*) as n from __drizzle_migrations").get() as { n: number }).n;
    probe.close();
    return `yes (${applied} migrations, ${tables} tables; a second run is a no-op)`;
  } catch (error) {
    return `no: ${String(error).slice(0, 160)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The api's shape: `db.transaction(async (tx) => { await write; await write; throw })`. Answers whether both
 * writes were rolled back (atomic) and whether the transaction call resolved or rejected.
 */
async function asyncTransaction(db: AnyDb, read: () => Promise<number>): Promise<string> {
  const before = await read();
  let outcome = "";
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: "tx-1" }).where(eq(users.email, "bench@example.com"));
      await Bun.sleep(1);
      await tx.update(users).set({ lastName: "tx-2" }).where(eq(users.email, "bench@example.com"));
      throw new Error("roll back");
    });
    outcome = "resolved";
  } catch (error) {
    outcome = `rejected (${String(error).slice(0, 90)})`;
  }
  const after = await read();
  const kept = after - before;
  return kept === 0
    ? `rolled back; call ${outcome}`
    : `NOT atomic: ${kept} of 2 writes kept; call ${outcome}`;
}

export async function benchDrivers(): Promise<Record<string, string>> {
  const seed = await buildServingSeed("bench-drivers-secret-bench-drivers-secret", 0);
  const dir = mkdtempSync(join(tmpdir(), "bench-drivers-"));
  const copy = (name: string) => {
    const path = join(dir, name);
    const sqlite = new BunSqlite(seed.file, { readonly: true });
    sqlite.exec(`VACUUM INTO '${path}'`);
    sqlite.close();
    return path;
  };
  const tokenHash = await sha256Hex(seed.token);
  // Counts the test's marker writes (for the transaction check).
  const markers = (db: AnyDb) => async () => {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.email, "bench@example.com"), eq(users.firstName, "tx-1")));
    const [row2] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.email, "bench@example.com"), eq(users.lastName, "tx-2")));
    return (row?.n ?? 0) + (row2?.n ?? 0);
  };

  /** The queries, built the same way on each Drizzle instance. */
  const queries = (db: AnyDb) => {
    const auth = () =>
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
    const latest = () =>
      db
        .select()
        .from(recommendations)
        .where(
          eq(
            recommendations.recommendationDate,
            db.select({ d: max(recommendations.recommendationDate) }).from(recommendations),
          ),
        )
        .orderBy(desc(recommendations.confidence), recommendations.symbol);
    return { auth, latest };
  };

  const rows: string[] = [];
  const notes: Record<string, string> = {};
  const measureOn = async (name: string, db: AnyDb, raw: () => unknown) => {
    const q = queries(db);
    const [check] = (await q.auth()) as Array<{ user: { email: string } }>;
    const latestRows = (await q.latest()) as unknown[];
    if (check?.user.email !== "bench@example.com" || latestRows.length === 0) {
      throw new Error(`${name}: queries answered ${JSON.stringify(check)} / ${latestRows.length} rows`);
    }
    const authQuery = q.auth();
    const prepared =
      "prepare" in authQuery ? (authQuery as { prepare(): { all(): unknown } }).prepare() : null;
    const figures = {
      raw: await perCall(raw),
      auth: await perCall(() => q.auth()),
      authPrepared: prepared ? await perCall(() => prepared.all()) : NaN,
      latest: await perCall(() => q.latest()),
    };
    rows.push(
      `  ${name.padEnd(44)} ${figures.raw.toFixed(1).padStart(8)} ${figures.auth.toFixed(1).padStart(9)} ` +
        `${figures.authPrepared.toFixed(1).padStart(9)} ${figures.latest.toFixed(1).padStart(9)}   (${latestRows.length} rows)`,
    );
  };

  try {
    // (a) what createDb opens for a file: URL (decision 075): @libsql/client under Drizzle's libsql driver (WAL,
    // busy timeout, one write at a time).
    {
      const database = createDb(`file:${copy("a.db")}`);
      const stmt = { sql: "select * from sessions where token_hash = ?", args: [tokenHash] };
      await measureOn("(a) @libsql/client file: (createDb)", database.db, () =>
        database.client.execute(stmt),
      );
      notes["(a) migrations"] = await migrationsWork(async (path) => {
        const m = createDb(`file:${path}`);
        await runMigrations(m.db);
        m.client.close();
      });
      notes["(a) async transaction"] = await asyncTransaction(database.db, markers(database.db));
      database.client.close();
    }
    // (b) bun:sqlite through drizzle-orm/bun-sqlite.
    {
      const sqlite = new BunSqlite(copy("b.db"));
      sqlite.exec("PRAGMA journal_mode = WAL");
      sqlite.exec("PRAGMA busy_timeout = 5000");
      const db = drizzleBun(sqlite, { schema, casing: "snake_case" }) as unknown as AnyDb;
      const stmt = sqlite.prepare("select * from sessions where token_hash = ?");
      await measureOn("(b) bun:sqlite via drizzle-orm/bun-sqlite", db, () => stmt.all(tokenHash));
      notes["(b) migrations"] = await migrationsWork((path) => {
        const m = new BunSqlite(path);
        migrateBun(drizzleBun(m), { migrationsFolder });
        m.close();
      });
      notes["(b) async transaction"] = await asyncTransaction(db, markers(db));
      sqlite.close();
    }
    // (c) libsql (native, synchronous, better-sqlite3's API) through drizzle-orm/better-sqlite3.
    try {
      const { Libsql, drizzle, migrate } = await libsqlThroughBetterSqlite3();
      const native = new Libsql(copy("c.db"));
      native.pragma("journal_mode = WAL");
      native.pragma("busy_timeout = 5000");
      const db = drizzle(native as never, { schema, casing: "snake_case" }) as unknown as AnyDb;
      const stmt = native.prepare("select * from sessions where token_hash = ?");
      await measureOn("(c) libsql via drizzle-orm/better-sqlite3", db, () => stmt.get(tokenHash));
      notes["(c) migrations"] = await migrationsWork((path) => {
        const m = new Libsql(path);
        migrate(drizzle(m as never), { migrationsFolder });
        m.close();
      });
      notes["(c) async transaction"] = await asyncTransaction(db, markers(db));
      native.close();
    } catch (error) {
      notes["(c) libsql via drizzle-orm/better-sqlite3"] =
        `did not load or run: ${String(error).slice(0, 300)}`;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(seed.file, ".."), { recursive: true, force: true });
  }
  console.log(
    `  on a copy of the seeded demo database; µs per call, median of 5 rounds of ${RUNS / 5} sequential calls\n` +
      "  raw = the driver's own prepared statement for the session lookup, no Drizzle; auth = the sign-in join " +
      "(sessions x users by token hash) through Drizzle, built per call as api/ does; prepared = the same Drizzle " +
      "query .prepare()d once; latest = the latest recommendations query (max-date subquery)\n" +
      `  ${"driver".padEnd(44)} ${"raw".padStart(8)} ${"auth".padStart(9)} ${"prepared".padStart(9)} ${"latest".padStart(9)}\n` +
      rows.join("\n"),
  );
  return notes;
}
