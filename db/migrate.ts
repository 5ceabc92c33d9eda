import type { Client } from "@libsql/client";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client.ts";
import { pause } from "./client-calls.ts";
import { isDatabaseBusy } from "./unavailable.ts";

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;
const JOURNAL = [
  'CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)',
  'CREATE UNIQUE INDEX IF NOT EXISTS "__drizzle_migrations_once" ON "__drizzle_migrations" (created_at)',
];
const CLAIM = 'INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)';

/**
 * Applies the committed migrations the database has not seen yet; safe on each start and in any number of processes
 * at once (decision 103): the batch claims each pending migration's journal row first, so a batch another process
 * beat fails whole on the journal's unique index, and this one reads the journal again.
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = db.$client;
  const migrations = readMigrationFiles({ migrationsFolder });
  const deadline = performance.now() + 60_000;
  for (;;) {
    let applied: number | undefined;
    try {
      await client.batch(JOURNAL, "deferred");
      const last = await lastApplied(client);
      applied = last;
      const pending = migrations.filter((m) => m.folderMillis > last);
      if (pending.length === 0) return;
      const claims = pending.map((m) => ({ sql: CLAIM, args: [m.hash, m.folderMillis] }));
      // As Drizzle's migrator: one transaction with foreign keys off, so a table rebuild cascades nothing.
      await client.migrate([...claims, ...pending.flatMap((m) => m.sql)]);
      return;
    } catch (error) {
      // Another connection held the write lock (a libSQL server answers SQLITE_BUSY), or another process got further.
      const busy = isDatabaseBusy(error) && performance.now() < deadline;
      if (!busy && (applied === undefined || (await lastApplied(client)) === applied)) throw error;
      await pause(50);
    }
  }
}

/** The newest migration applied, by its folder time (what Drizzle's migrator compares); -1 when none is. */
async function lastApplied(client: Client): Promise<number> {
  const { rows } = await client.execute('SELECT max(created_at) FROM "__drizzle_migrations"');
  return Number(rows[0]?.[0] ?? -1);
}
