import { securities } from "../../db/schema/index.ts";
import { storeModels } from "../analysis/model-store.ts";
import type { AppDeps } from "../lib/context.ts";
import { count } from "../lib/format.ts";
import { configureMarket } from "../market/configure.ts";
import { type DemoMarketFiles, importDemoMarket } from "../market/demo-import.ts";
import { type DemoAccount, retireDemoPasswords, seedDemoAccounts } from "./demo-accounts.ts";
import { seedRecommendationHistory } from "./recommendation-history.ts";

export interface SeedReport {
  /** Demo accounts created by this run, with their passwords (printed once, now). */
  createdAccounts: DemoAccount[];
  /** Demo accounts whose published password was taken away because this is not demo mode. */
  retiredAccounts: string[];
  importedBars: number;
  /** Served models written because their committed file changed (or removed because none has them any more). */
  storedModels: number;
  generatedRecommendations: number;
}

export interface SeedOptions {
  demoMarketFiles?: () => Promise<DemoMarketFiles>;
  /** The committed served models' JSON (api/runtime/model-files.ts), stored when a file's content changed. */
  modelFiles?: () => Promise<string[]>;
  marketAsOf?: string;
  /**
   * Demo mode (demoAccountsEnabled): create the demo accounts once. Otherwise none are created, and any that
   * still have their published password lose it.
   */
  demoAccounts: boolean;
  /** The market and its history only: no demo account is created or retired (`bun scripts/seed.ts --market-only`). */
  marketOnly?: boolean;
}

/**
 * Idempotent demo seed: the served models whose file changed (decision 118); the demo market when the database has
 * none; a year of weekly generated recommendations
 * when there are none; in demo mode, the demo accounts the first time. Plugs the market into `deps` as of
 * `marketAsOf` (default: last day).
 */
export async function seedDemo(deps: AppDeps, options: SeedOptions): Promise<SeedReport> {
  const accounts = !options.marketOnly;
  const createdAccounts = accounts && options.demoAccounts ? await seedDemoAccounts(deps) : [];
  const retiredAccounts = accounts && !options.demoAccounts ? await retireDemoPasswords(deps) : [];
  let importedBars = 0;
  if (options.demoMarketFiles) {
    const [existing] = await deps.database.db.select({ symbol: securities.symbol }).from(securities).limit(1);
    if (!existing)
      importedBars = (await importDemoMarket(deps.database, await options.demoMarketFiles())).bars;
  }
  // Before the history: generating it reads the models from the database.
  const storedModels = options.modelFiles
    ? await storeModels(deps.database.db, await options.modelFiles())
    : 0;
  const asOf = await configureMarket(deps, { MARKET_AS_OF: options.marketAsOf });
  const generatedRecommendations = asOf ? await seedRecommendationHistory(deps, asOf) : 0;
  return { createdAccounts, retiredAccounts, importedBars, storedModels, generatedRecommendations };
}

export function formatSeedReport(report: SeedReport): string {
  const lines: string[] = [];
  if (report.createdAccounts.length) {
    lines.push(
      "Created the demo accounts (for local use only; shown this once, and not re-created if deleted):",
    );
    for (const a of report.createdAccounts)
      lines.push(`  ${a.isAdmin ? "admin   " : "investor"}  ${a.email}  /  ${a.password}`);
  }
  lines.push(...retiredWarning(report.retiredAccounts));
  if (report.importedBars) {
    lines.push(`Imported the demo market: ${count(report.importedBars)} daily bars.`);
  }
  if (report.storedModels) lines.push(`Stored ${report.storedModels} changed model(s) in ranker_models.`);
  if (report.generatedRecommendations) {
    lines.push(
      `Generated ${report.generatedRecommendations} recommendations over the last year of the demo market.`,
    );
  }
  return lines.join("\n");
}

/** What an operator reads when demo accounts with published passwords were found outside demo mode. */
export function retiredWarning(emails: readonly string[]): string[] {
  if (!emails.length) return [];
  return [
    `Demo account(s) ${emails.join(", ")} still had the password the README publishes; outside demo mode that ` +
      "password no longer works and their sessions ended. To use one, set a password: " +
      "bun scripts/admin.ts reset-password <email>",
  ];
}
