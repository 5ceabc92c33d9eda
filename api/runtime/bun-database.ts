import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { storeModels } from "../analysis/model-store.ts";
import { ConfigError, type Env } from "../lib/config.ts";
import { secretOpensStoredKeys } from "../lib/secret-check.ts";
import { readServedModelFiles } from "./model-files.ts";

export const DEFAULT_DATABASE_URL = "file:data/app.db";

function embeddedPath(url: string): string | null {
  return url.startsWith("file:") ? url.slice("file:".length) : null;
}

/**
 * Opens (and migrates) the configured database, and stores the committed models a file changed (decision 118); the
 * embedded file and its folder are created on first run.
 * With DATABASE_SYNC_URL the file is an embedded replica of that primary (docs/decisions/010-read-replicas.md).
 */
export async function openDatabase(env: Env): Promise<{ database: Database; url: string }> {
  const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const file = embeddedPath(url);
  const syncUrl = env.DATABASE_SYNC_URL;
  if (syncUrl && !file) {
    throw new ConfigError(
      ["DATABASE_SYNC_URL", "DATABASE_URL"],
      "DATABASE_SYNC_URL needs a file: DATABASE_URL for the local replica.",
    );
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
  // A replica's migrations run on its primary, where a process that another one beat reads the journal again
  // (decision 103); then the replica starts from the primary's current state.
  await runMigrations((database.primary ?? database).db);
  await storeModels((database.primary ?? database).db, await readServedModelFiles());
  if (syncUrl) await database.client.sync();
  if (created && syncUrl && existsSync(file)) chmodSync(file, 0o600);
  return { database, url };
}

/**
 * APP_SECRET from the environment; for the zero-configuration local start with an embedded database,
 * one generated on first run and kept beside the database file (never in the repository). A secret that does not
 * open the API keys the database already holds (a restore without its app-secret file, another APP_SECRET) stops
 * the start: every sign-in would fail to open its user's key.
 */
export async function resolveSecret(env: Env, url: string, database: Database): Promise<string> {
  const file = embeddedPath(url);
  // Every process on a shared database must decrypt the same stored API keys, so none may invent its own secret.
  const shared = !file || env.DATABASE_SYNC_URL;
  if (!env.APP_SECRET && shared) {
    throw new ConfigError(
      ["APP_SECRET"],
      "APP_SECRET is required when the database is shared (a libSQL server, Turso or DATABASE_SYNC_URL).",
    );
  }
  const secretPath = file ? join(dirname(file), "app-secret") : null;
  const kept = secretPath && existsSync(secretPath) ? readFileSync(secretPath, "utf8").trim() : undefined;
  const secret = env.APP_SECRET ?? kept;
  if (!(await secretOpensStoredKeys(database.client, secret))) {
    const where =
      secretPath && !shared
        ? `Restore the app-secret file beside the database (${secretPath}) or set`
        : "Set";
    throw new ConfigError(
      ["APP_SECRET"],
      "the database holds API keys sealed with a secret this server does not have. " +
        `${where} APP_SECRET to the secret it was made with.`,
    );
  }
  if (secret) return secret;
  const generated = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  writeFileSync(secretPath!, `${generated}\n`, { mode: 0o600 });
  return generated;
}
