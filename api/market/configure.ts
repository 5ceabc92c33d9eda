import { createAnalysisEngine } from "../analysis/engine.ts";
import type { AppDeps } from "../lib/context.ts";
import { demoMarket } from "./demo-market.ts";
import { lastTradingDate } from "./price-history.ts";

/**
 * Plugs the market and the analysis engine into the app's dependencies. The demo market is frozen at
 * `asOf` (MARKET_AS_OF), by default the last trading day in the database.
 */
export async function configureMarket(
  deps: AppDeps,
  options: { asOf?: string } = {},
): Promise<string | null> {
  const { db } = deps.database;
  const asOf = options.asOf ?? (await lastTradingDate(db));
  if (!asOf) return null;
  deps.market = demoMarket(db, asOf);
  deps.analysis = createAnalysisEngine(db, () => asOf);
  return asOf;
}
