import { recommendations } from "../../db/schema/index.ts";
import { generateForDates, weeklyDates } from "../features/recommendations/generate.service.ts";
import { addDays } from "../lib/calendar-days.ts";
import type { AppDeps } from "../lib/context.ts";
import { BENCHMARK } from "../market/benchmark.ts";
import { tradingDays } from "../market/price-history.ts";

/** Weeks of generated history the demo seed builds (the last year of the demo market). */
export const HISTORY_WEEKS = 52;

/**
 * Builds the demo's recommendation history: for each of the last `weeks` weeks up to `asOf`, the generator's
 * calls as of that week's last trading day, each made only from prices up to that day. Skipped when the
 * database already has recommendations.
 */
export async function seedRecommendationHistory(
  deps: AppDeps,
  asOf: string,
  weeks = HISTORY_WEEKS,
): Promise<number> {
  const { db } = deps.database;
  const [existing] = await db.select({ id: recommendations.id }).from(recommendations).limit(1);
  if (existing) return 0;
  const from = addDays(asOf, -(weeks + 1) * 7);
  const dates = weeklyDates(await tradingDays(db, BENCHMARK, from, asOf), asOf, weeks);
  // Made now for past dates, by a design chosen on those dates' outcomes: simulated, the last week's included.
  const reports = await generateForDates(deps, dates, { provenance: "simulated" });
  return reports.reduce((n, r) => n + r.posted, 0);
}
