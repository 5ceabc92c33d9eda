import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { importDemoMarket } from "../market/demo-import.ts";
import { readDemoMarketFiles } from "../runtime/demo-market-files.ts";

/**
 * Migrates the database at `url` and imports a slice of the bundled demo market into it, as a deployment's seed
 * would, so servers started on it afterwards have a market (symbols to watch, prices, a market date).
 */
export async function prepareDatabase(
  url: string,
  market: { symbols: string[]; from: string } = { symbols: ["AAPL", "MSFT"], from: "2023-06-01" },
): Promise<Database> {
  const database = createDb(url);
  await runMigrations(database.db);
  await importDemoMarket(database, await readDemoMarketFiles(), market);
  return database;
}
