import { securities } from "../../db/schema/index.ts";
import type { AppDeps } from "../lib/context.ts";
import { type DemoMarketFiles, importDemoMarket } from "../market/demo-import.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.ts";

export interface SeedReport {
  createdAccounts: string[];
  accounts: ReadonlyArray<{ email: string; password: string; isAdmin: boolean }>;
  importedBars: number;
}

/** Idempotent demo seed: accounts, and the demo market when the database has none. */
export async function seedDemo(
  deps: AppDeps,
  options: { demoMarketFiles?: () => Promise<DemoMarketFiles> } = {},
): Promise<SeedReport> {
  const createdAccounts = await seedDemoAccounts(deps);
  let importedBars = 0;
  if (options.demoMarketFiles) {
    const [existing] = await deps.database.db.select({ symbol: securities.symbol }).from(securities).limit(1);
    if (!existing)
      importedBars = (await importDemoMarket(deps.database, await options.demoMarketFiles())).bars;
  }
  return { createdAccounts, accounts: DEMO_ACCOUNTS, importedBars };
}

export function formatSeedReport(report: SeedReport): string {
  const lines = ["Demo accounts (for local use only):"];
  for (const a of report.accounts)
    lines.push(`  ${a.isAdmin ? "admin   " : "investor"}  ${a.email}  /  ${a.password}`);
  if (report.importedBars)
    lines.push(`Imported the demo market: ${report.importedBars.toLocaleString("en-US")} daily bars.`);
  return lines.join("\n");
}
