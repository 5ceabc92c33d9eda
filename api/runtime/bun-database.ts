import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import type { Env } from "../lib/config.ts";

export const DEFAULT_DATABASE_URL = "file:data/app.db";

function embeddedPath(url: string): string | null {
  return url.startsWith("file:") ? url.slice("file:".length) : null;
}

/** Opens (and migrates) the configured database; the embedded file and its folder are created on first run. */
export async function openDatabase(env: Env): Promise<{ database: Database; url: string }> {
  const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const file = embeddedPath(url);
  if (file) mkdirSync(dirname(file), { recursive: true });
  const database = createDb(url, env.DATABASE_AUTH_TOKEN);
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
  if (!file) {
    throw new Error("APP_SECRET is required when DATABASE_URL points at a libSQL server or Turso.");
  }
  const secretPath = join(dirname(file), "app-secret");
  if (existsSync(secretPath)) return readFileSync(secretPath, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  writeFileSync(secretPath, `${secret}\n`, { mode: 0o600 });
  return secret;
}
