import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import type { Env } from "../lib/config.ts";

export const DEFAULT_DATABASE_URL = "file:data/app.db";

function embeddedPath(url: string): string | null {
  return url.startsWith("file:") ? url.slice("file:".length) : null;
}

/**
 * Opens (and migrates) the configured database; the embedded file and its folder are created on first run.
 * With DATABASE_SYNC_URL the file is an embedded replica of that primary (docs/decisions/010-read-replicas.md).
 */
export async function openDatabase(env: Env): Promise<{ database: Database; url: string }> {
  const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const file = embeddedPath(url);
  const syncUrl = env.DATABASE_SYNC_URL;
  if (syncUrl && !file) {
    throw new Error("DATABASE_SYNC_URL needs a file: DATABASE_URL for the local replica.");
  }
  if (file) mkdirSync(dirname(file), { recursive: true });
  // A new file is readable by its owner only (SQLite gives its -wal and -shm files the same mode). A plain file is
  // created empty before SQLite opens it; an embedded replica's is made by the client, so it is narrowed after.
  const created = file !== null && !existsSync(file);
  if (created && !syncUrl) closeSync(openSync(file, "wx", 0o600));
  const database = createDb(url, env.DATABASE_AUTH_TOKEN, {
    syncUrl,
    syncIntervalSeconds: syncUrl ? env.DATABASE_SYNC_INTERVAL_SECONDS : undefined,
    busyTimeoutMs: env.DATABASE_BUSY_TIMEOUT_MS,
  });
  // A replica starts from the primary's current state; its migrations are writes, so they run on the primary.
  if (syncUrl) await database.client.sync();
  if (created && syncUrl && existsSync(file)) chmodSync(file, 0o600);
  await runMigrations(database.db);
  return { database, url };
}

/**
 * APP_SECRET from the environment; for the zero-configuration local start with an embedded database,
 * one generated on first run and kept beside the database file (never in the repository).
 */
export function resolveSecret(env: Env, url: string): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = embeddedPath(url);
  // Every process on a shared database must decrypt the same stored API keys, so none may invent its own secret.
  if (!file || env.DATABASE_SYNC_URL) {
    throw new Error(
      "APP_SECRET is required when the database is shared (a libSQL server, Turso or DATABASE_SYNC_URL).",
    );
  }
  const secretPath = join(dirname(file), "app-secret");
  if (existsSync(secretPath)) return readFileSync(secretPath, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  writeFileSync(secretPath, `${secret}\n`, { mode: 0o600 });
  return secret;
}
