// `bun scripts/migrate.ts`: applies the committed migrations to DATABASE_URL (the embedded file by default).
// The Bun server migrates at start; a Workers deployment runs this against Turso before `wrangler deploy`.
import { parseEnv } from "../api/lib/config.ts";
import { openDatabase } from "../api/runtime/bun-database.ts";

const { database, url } = await openDatabase(parseEnv(process.env));
console.log(`Migrations applied to ${url.replace(/\/\/[^@/]*@/, "//***@")}`);
database.client.close();
