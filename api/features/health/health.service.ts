import journal from "../../../db/migrations/meta/_journal.json" with { type: "json" };
import type { AppDeps } from "../../lib/context.ts";
import { errorFields } from "../../lib/logger.ts";
import { hasMarketData } from "../../lib/market-port.ts";

export type CheckName = "database" | "migrations" | "market";
export type Readiness = { ready: boolean; failed: CheckName[]; checks: Record<CheckName, string> };

/** The newest migration the code ships (drizzle's journal records each one's creation time as `when`). */
const LATEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));

/**
 * Whether the migrations this code ships are applied: drizzle's migrator records the newest applied one's `when`
 * in __drizzle_migrations.created_at and applies every journal entry newer than that, so the same comparison
 * tells whether anything is pending.
 */
async function migrationsCheck(deps: AppDeps): Promise<string> {
  let applied: number;
  try {
    const result = await deps.database.client.execute(
      "select max(created_at) as latest from __drizzle_migrations",
    );
    applied = Number(result.rows[0]?.latest ?? 0);
  } catch (error) {
    if (/no such table/i.test(String(error))) applied = 0;
    else throw error;
  }
  if (applied >= LATEST_MIGRATION) return "ok";
  const pending = journal.entries.filter((entry) => entry.when > applied).map((entry) => entry.tag);
  return `${pending.length} migration(s) not applied (${pending.join(", ")}): run bun scripts/migrate.ts`;
}

/**
 * Readiness for an orchestrator or load balancer: the database answers a trivial query, every shipped migration is
 * applied, and a market is configured (the demo market's data imported, or a live provider).
 */
export async function readiness(deps: AppDeps): Promise<Readiness> {
  const checks: Record<CheckName, string> = { database: "ok", migrations: "ok", market: "ok" };
  try {
    await deps.database.client.execute("select 1");
    checks.migrations = await migrationsCheck(deps);
  } catch (error) {
    deps.log("warn", "Readiness: database unreachable", errorFields(error));
    checks.database = "unreachable";
    checks.migrations = "unknown: the database is unreachable";
  }
  if (!hasMarketData(deps.market)) {
    checks.market = "no market data: seed the demo market (bun scripts/seed.ts) or set MARKET_DATA_PROVIDER";
  }
  const failed = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] !== "ok");
  return { ready: failed.length === 0, failed, checks };
}
