// `bun scripts/migrate.ts`: applies the committed migrations to DATABASE_URL (the embedded file by default).
// The Bun server migrates at start; a Workers deployment runs this against Turso before `wrangler deploy`.
import { parseEnv } from "../api/lib/config.ts";
import { openDatabase } from "../api/runtime/bun-database.ts";
import { parseCli } from "./cli/args.ts";

parseCli({
  usage: `usage: bun scripts/migrate.ts

Applies the committed migrations (db/migrations/) to DATABASE_URL (with DATABASE_AUTH_TOKEN for Turso or sqld);
the embedded file under data/ when unset. Takes no arguments.`,
});

const { database, url } = await openDatabase(parseEnv(process.env));
console.log(`Migrations applied to ${url.replace(/\/\/[^@/]*@/, "//***@")}`);
database.client.close();
