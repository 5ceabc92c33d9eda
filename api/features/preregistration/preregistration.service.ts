import { and, eq, gte } from "drizzle-orm";
import { recommendations } from "../../../db/schema/index.ts";
import { PREREGISTRATION, type Preregistration } from "../../analysis/preregistration.ts";
import { mondayOf } from "../../lib/calendar-days.ts";
import type { AppDeps } from "../../lib/context.ts";
import { hasMarketData } from "../../lib/market-port.ts";
import { addTradingSessions } from "../../lib/trading-calendar.ts";

/**
 * Weeks with calls of the registered model on or after its first date whose outcome over the test's horizon is
 * known on `today`: the n of "n of N weeks collected".
 */
export function weeksCollected(
  callDates: readonly string[],
  today: string | null,
  registration: Pick<Preregistration, "firstDate" | "horizonSessions"> = PREREGISTRATION,
): number {
  if (today === null) return 0;
  const weeks = new Set<string>();
  for (const date of callDates) {
    if (date < registration.firstDate) continue;
    if (addTradingSessions(date, registration.horizonSessions) > today) continue;
    weeks.add(mondayOf(date));
  }
  return weeks.size;
}

/** The pre-registered test of live calls and how many of the weeks it needs have been collected. */
export async function preregistrationStatus(deps: AppDeps, registration: Preregistration = PREREGISTRATION) {
  const { db } = deps.database;
  const rows = await db
    .selectDistinct({ date: recommendations.recommendationDate })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.source, "model"),
        eq(recommendations.modelVersion, registration.modelVersion),
        gte(recommendations.recommendationDate, registration.firstDate),
      ),
    );
  const today = hasMarketData(deps.market) ? deps.market.marketToday() : null;
  const collected = weeksCollected(
    rows.map((r) => r.date),
    today,
    registration,
  );
  return {
    modelFile: registration.modelFile,
    modelVersion: registration.modelVersion,
    sha256: registration.sha256,
    statistic: registration.statistic,
    test: registration.test,
    firstDate: registration.firstDate,
    effect: registration.effect,
    alpha: registration.alpha,
    power: registration.power,
    perDateSd: registration.measured.sdIc,
    datesNeeded: registration.datesNeeded,
    weeksNeeded: registration.weeksNeeded,
    weeksCollected: collected,
    summary: `${collected} of ${registration.weeksNeeded} weeks collected`,
    document: "docs/model/preregistration.md",
  };
}
