import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";

// Issue 40, point 6: three servers started together on one new database (a rolling deploy, replicas, a server and
// the seed) all come up, and every migration is applied once. Another connection holds the write lock while they
// start, as a script's write may, so all three reach their migrations before any has applied one: without that,
// whether two of them meet depends on how fast each loads its code (1 start in 5 failed that way on main).
// The lock is held under 5 s: sqld ends a transaction left open longer.
const HOLD_MS = 3_000;
const dir = mkdtempSync(join(tmpdir(), "concurrent-starts-"));
let sqld: SqldServer | undefined;
let servers: BunServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const migrationCount = (
  JSON.parse(readFileSync(join(import.meta.dir, "../../db/migrations/meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** Every table, index and trigger with its SQL: the schema, compared with one migrated by a single process. */
async function schemaOf(client: Client) {
  const { rows } = await client.execute(
    "select type, name, sql from sqlite_master where name not like 'sqlite_%' and name not like 'libsql_%' order by name",
  );
  return rows.map((r) => [r.type, r.name, r.sql]);
}

describe("three servers starting together on one new database", () => {
  test(`on ${testDbKind}${testDbKind === "sqld" ? " (one an embedded replica)" : ""}: all three come up, with the schema, each migration applied once`, async () => {
    sqld = testDbKind === "sqld" ? await startSqld() : undefined;
    const url = sqld?.url ?? `file:${join(dir, "app.db")}`;
    const holder = createClient({ url });
    if (!sqld) await holder.execute("PRAGMA journal_mode = WAL");
    // The journal table exists, empty, as the first of the three starts would leave it (Drizzle's own statement).
    await holder.execute(
      'CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)',
    );
    const lock = await holder.transaction("write");
    await lock.execute("select 1"); // a libSQL server begins the transaction with its first statement

    const env = { DATABASE_URL: url, APP_SECRET: "concurrent-starts-secret-concurrent-starts" };
    // On a libSQL server the third is an embedded replica of it, which migrates through its primary.
    const third = sqld
      ? { ...env, DATABASE_URL: `file:${join(dir, "replica.db")}`, DATABASE_SYNC_URL: url }
      : env;
    const starts = Promise.allSettled([env, env, third].map((e) => startBunServer(e)));
    await Bun.sleep(HOLD_MS);
    await lock.commit();
    const started = await starts;
    servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failures = started.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
    expect(failures).toEqual([]);

    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const journal = await holder.execute(
      'select count(*) as n, count(distinct created_at) as distinct_n from "__drizzle_migrations"',
    );
    expect(journal.rows[0]).toMatchObject({ n: migrationCount, distinct_n: migrationCount });

    const reference = createDb(`file:${join(dir, "reference.db")}`);
    await runMigrations(reference.db);
    expect(await schemaOf(holder)).toEqual(await schemaOf(reference.client));
    reference.client.close();
    holder.close();
  }, 60_000);
});
