import { is, sql } from "drizzle-orm";
import { LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client.ts";
import { SqliteFileDatabase } from "./sqlite-file.ts";

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;
const MIGRATIONS_TABLE = "__drizzle_migrations";

/** Applies every committed migration that the database has not seen yet; safe to call on each start. */
export async function runMigrations(db: Db): Promise<void> {
  if (db instanceof SqliteFileDatabase) return migrateFile(db);
  if (is(db, LibSQLDatabase)) return migrate(db, { migrationsFolder });
  throw new Error("runMigrations: a database opened by db/client.ts expected");
}

/**
 * Drizzle's libSQL migrator, step for step, on an embedded file under bun:sqlite: the same bookkeeping table, so
 * one file migrates alike under either driver; pending migrations in one transaction with foreign keys off.
 */
async function migrateFile(db: SqliteFileDatabase<Record<string, unknown>>): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const table = sql.identifier(MIGRATIONS_TABLE);
  await db.run(
    sql`CREATE TABLE IF NOT EXISTS ${table} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  );
  const [last] = await db.values<[number, string, string | number]>(
    sql`SELECT id, hash, created_at FROM ${table} ORDER BY created_at DESC LIMIT 1`,
  );
  const pending = [];
  for (const migration of migrations) {
    if (last && Number(last[2]) >= migration.folderMillis) continue;
    for (const statement of migration.sql) pending.push(db.run(sql.raw(statement)));
    pending.push(
      db.run(
        sql`INSERT INTO ${table} ("hash", "created_at") VALUES(${migration.hash}, ${migration.folderMillis})`,
      ),
    );
  }
  if (pending.length) await db.migrateStatements(pending);
}
