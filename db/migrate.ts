import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client.ts";

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;

/** Applies every committed migration that the database has not seen yet; safe to call on each start. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
