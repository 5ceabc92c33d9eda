import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { storeModels } from "../analysis/model-store.ts";
import { createDeps } from "../deps.ts";
import type { AppDeps } from "../lib/context.ts";
import { importDemoMarket } from "../market/demo-import.ts";
import { readDemoMarketFiles } from "../runtime/demo-market-files.ts";
import { readServedModelFiles } from "../runtime/model-files.ts";
import { testRuntime } from "./harness.ts";

/**
 * Migrates the database at `url` and imports a slice of the bundled demo market and the served models into it, as a
 * deployment's seed would, so servers started on it afterwards have a market (symbols to watch, prices, a market date).
 */
export async function prepareDatabase(
  url: string,
  market: { symbols: string[]; from: string } = { symbols: ["AAPL", "MSFT"], from: "2023-06-01" },
): Promise<Database> {
  const database = createDb(url);
  await runMigrations(database.db);
  await importDemoMarket(database, await readDemoMarketFiles(), market);
  await storeModels(database.db, await readServedModelFiles());
  return database;
}

/** Dependencies for writing to a shared database from the test's side, as a Bun process with `secret` would. */
export function depsOn(database: Database, secret: string): AppDeps {
  const app = {
    secret,
    trustProxy: false,
    sessionIdleMs: 1_800_000,
    authRateLimit: { perIp: 100, perEmail: 100, windowMs: 60_000 },
  };
  return createDeps({ app, smtp: null }, testRuntime(database));
}
