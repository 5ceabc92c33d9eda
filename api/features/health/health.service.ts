import journal from "../../../db/migrations/meta/_journal.json" with { type: "json" };
import type { AppDeps } from "../../lib/context.ts";
import { errorFields } from "../../lib/logger.ts";
import { hasMarketData } from "../../lib/market-port.ts";
import { secretOpensStoredKeys } from "../../lib/secret-check.ts";

export type CheckName = "database" | "migrations" | "secret" | "market";
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

/** The readiness check's words when APP_SECRET does not open the stored API keys (every sign-in would fail). */
export const SECRET_MISMATCH =
  "the database holds API keys sealed with another secret: set APP_SECRET to the secret it was made with " +
  "(on a Bun server with an embedded database, or restore the app-secret file beside it)";

/**
 * Readiness for an orchestrator or load balancer: the database answers a trivial query, every shipped migration is
 * applied, APP_SECRET opens the stored API keys, and a market is configured (the demo market's data imported, or a live provider).
 */
export async function readiness(deps: AppDeps): Promise<Readiness> {
  const checks: Record<CheckName, string> = { database: "ok", migrations: "ok", secret: "ok", market: "ok" };
  try {
    await deps.database.client.execute("select 1");
    checks.migrations = await migrationsCheck(deps);
    if (!(await secretOpensStoredKeys(deps.database.client, deps.config.secret))) {
      checks.secret = SECRET_MISMATCH;
    }
  } catch (error) {
    deps.log("warn", "Readiness: database unreachable", errorFields(error));
    checks.database = "unreachable";
    checks.migrations = "unknown: the database is unreachable";
    checks.secret = "unknown: the database is unreachable";
  }
  if (!hasMarketData(deps.market)) {
    checks.market = "no market data: seed the demo market (bun scripts/seed.ts) or set MARKET_DATA_PROVIDER";
  }
  const failed = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] !== "ok");
  return { ready: failed.length === 0, failed, checks };
}
