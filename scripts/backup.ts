// `bun scripts/backup.ts [destination]`: a consistent copy of the embedded database DATABASE_URL names, taken while
// the server and scripts keep writing to it (SQLite's VACUUM INTO reads one snapshot; WAL writers are not stopped).
// The copy is a single file (no -wal/-shm), created with mode 0600, checked with PRAGMA integrity_check.
// A libSQL server or Turso database is not copied here: see the message below (decision 032).
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { parseEnv } from "../api/lib/config.ts";
import { DEFAULT_DATABASE_URL } from "../api/runtime/bun-database.ts";
import { createDb } from "../db/client.ts";
import { parseCli } from "./cli/args.ts";

const USAGE = `usage: bun scripts/backup.ts [destination]

Copies the embedded database DATABASE_URL names (default ${DEFAULT_DATABASE_URL}) into one file while it is in use.
destination  a file that does not exist yet (default: backups/<name>-<UTC time>.db beside the database)

The API keys stored in it are encrypted with APP_SECRET (or the generated app-secret file beside the database):
keep that secret too, or the keys in the copy cannot be read.`;

const { positionals } = parseCli({ usage: USAGE, maxPositionals: 1 });
const env = parseEnv(process.env);
const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;

if (!url.startsWith("file:")) {
  console.error(
    `${url.replace(/\/\/[^@/]*@/, "//***@")} is a libSQL server, not a file: this script copies embedded files only.\n` +
      "Back up a libSQL server (sqld) by copying its data directory with the server stopped, or with its\n" +
      "bottomless replication to S3; a Turso database with Turso's point-in-time restore or\n" +
      "`turso db shell <database> .dump > backup.sql`.",
  );
  process.exit(1);
}
if (env.DATABASE_SYNC_URL) {
  console.error(
    "DATABASE_SYNC_URL is set: this file is an embedded replica, and its primary is the database to back up.",
  );
  process.exit(1);
}
const source = url.slice("file:".length);
if (!existsSync(source)) {
  console.error(`No database at ${source}.`);
  process.exit(1);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, "")
  .replace(/\.\d+Z$/, "Z");
const destination = resolve(
  positionals[0] ?? join(dirname(source), "backups", `${basename(source, ".db")}-${stamp}.db`),
);
if (existsSync(destination)) {
  console.error(`${destination} already exists; name a new file.`);
  process.exit(1);
}
mkdirSync(dirname(destination), { recursive: true });
// VACUUM INTO accepts an empty file, so creating it first gives the copy its mode: only the owner reads it.
closeSync(openSync(destination, "wx", 0o600));

const started = performance.now();
const database = createDb(url, undefined, { busyTimeoutMs: env.DATABASE_BUSY_TIMEOUT_MS });
try {
  await database.client.execute({ sql: "VACUUM INTO ?", args: [destination] });
} catch (error) {
  rmSync(destination, { force: true });
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
} finally {
  database.client.close();
}

const copy = createClient({ url: `file:${destination}` });
const check = await copy.execute("PRAGMA integrity_check");
copy.close();
const verdict = String(check.rows[0]?.[0]);
if (verdict !== "ok") {
  console.error(`The copy at ${destination} failed its integrity check: ${verdict}`);
  process.exit(1);
}
const megabytes = (statSync(destination).size / 1e6).toFixed(1);
console.log(
  `Backed up ${source} to ${destination} (${megabytes} MB, integrity ok, ${Math.round(performance.now() - started)} ms).\n` +
    "Keep APP_SECRET (or the app-secret file beside the database) with it: the stored API keys need it.",
);
