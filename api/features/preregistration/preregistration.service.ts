import { liveScoringOutcomes } from "../../analysis/live-scores.ts";
import { resolvedScoringDates, scorePreregisteredTest } from "../../analysis/preregistered-test.ts";
import { PREREGISTRATION, type Preregistration } from "../../analysis/preregistration.ts";
import type { AppDeps } from "../../lib/context.ts";
import { hasMarketData } from "../../lib/market-port.ts";
import { lastTradingDate } from "../../market/price-history.ts";

/**
 * The pre-registered test of live calls and how far it has come: the registration's scoring dates whose outcome
 * the stored prices know by the market's day, each scored on the live scores recorded with the registered model
 * file (decision 123), and the running mean, SD and one-sided t over them.
 */
export async function preregistrationStatus(deps: AppDeps, registration: Preregistration = PREREGISTRATION) {
  const { db } = deps.database;
  const knownThrough = hasMarketData(deps.market)
    ? await lastTradingDate(db, deps.market.marketToday())
    : null;
  const recorded = await liveScoringOutcomes(
    db,
    registration.sha256,
    resolvedScoringDates(registration, knownThrough),
    registration.horizonSessions,
  );
  const progress = scorePreregisteredTest(registration, recorded, knownThrough);
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
    datesCollected: progress.datesCollected,
    weeksCollected: progress.weeksCollected,
    datesMissed: progress.datesMissed,
    knownThrough,
    summary: `${progress.weeksCollected} of ${registration.weeksNeeded} weeks collected`,
    dates: progress.dates,
    running: progress.running,
    verdict: progress.verdict,
    document: "docs/model/preregistration.md",
  };
}
