import { securities } from "../../db/schema/index.ts";
import type { AppDeps } from "../lib/context.ts";
import { configureMarket } from "../market/configure.ts";
import { type DemoMarketFiles, importDemoMarket } from "../market/demo-import.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.ts";
import { seedRecommendationHistory } from "./recommendation-history.ts";

export interface SeedReport {
  createdAccounts: string[];
  accounts: ReadonlyArray<{ email: string; password: string; isAdmin: boolean }>;
  importedBars: number;
  generatedRecommendations: number;
}

/**
 * Idempotent demo seed: accounts; the demo market when the database has none; a year of weekly generated
 * recommendations when there are none. Plugs the market into `deps` as of `marketAsOf` (default: last day).
 */
export async function seedDemo(
  deps: AppDeps,
  options: { demoMarketFiles?: () => Promise<DemoMarketFiles>; marketAsOf?: string } = {},
): Promise<SeedReport> {
  const createdAccounts = await seedDemoAccounts(deps);
  let importedBars = 0;
  if (options.demoMarketFiles) {
    const [existing] = await deps.database.db.select({ symbol: securities.symbol }).from(securities).limit(1);
    if (!existing)
      importedBars = (await importDemoMarket(deps.database, await options.demoMarketFiles())).bars;
  }
  const asOf = await configureMarket(deps, { MARKET_AS_OF: options.marketAsOf });
  const generatedRecommendations = asOf ? await seedRecommendationHistory(deps, asOf) : 0;
  return { createdAccounts, accounts: DEMO_ACCOUNTS, importedBars, generatedRecommendations };
}

export function formatSeedReport(report: SeedReport): string {
  const lines = ["Demo accounts (for local use only):"];
  for (const a of report.accounts)
    lines.push(`  ${a.isAdmin ? "admin   " : "investor"}  ${a.email}  /  ${a.password}`);
  if (report.importedBars) {
    lines.push(`Imported the demo market: ${report.importedBars.toLocaleString("en-US")} daily bars.`);
  }
  if (report.generatedRecommendations) {
    lines.push(
      `Generated ${report.generatedRecommendations} recommendations over the last year of the demo market.`,
    );
  }
  return lines.join("\n");
}
