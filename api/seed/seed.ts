import type { AppDeps } from "../lib/context.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.ts";

export interface SeedReport {
  createdAccounts: string[];
  accounts: ReadonlyArray<{ email: string; password: string; isAdmin: boolean }>;
}

/** Idempotent demo seed: accounts now; market data and recommendations as their features land. */
export async function seedDemo(deps: AppDeps): Promise<SeedReport> {
  const createdAccounts = await seedDemoAccounts(deps);
  return { createdAccounts, accounts: DEMO_ACCOUNTS };
}

export function formatSeedReport(report: SeedReport): string {
  const lines = ["Demo accounts (for local use only):"];
  for (const a of report.accounts)
    lines.push(`  ${a.isAdmin ? "admin   " : "investor"}  ${a.email}  /  ${a.password}`);
  return lines.join("\n");
}
