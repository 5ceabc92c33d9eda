import type { Db } from "../../../db/client.ts";
import { liveScoringOutcomes } from "../../analysis/live-scores.ts";
import { resolvedScoringDates, scorePreregisteredTest } from "../../analysis/preregistered-test.ts";
import { PREREGISTRATION, type Preregistration } from "../../analysis/preregistration.ts";
import { scoreRangeCheck } from "../../analysis/range-coverage.ts";
import { RANGE_REGISTRATION, type RangeRegistration } from "../../analysis/range-registration.ts";
import type { AppDeps } from "../../lib/context.ts";
import { hasMarketData } from "../../lib/market-port.ts";
import { lastTradingDate } from "../../market/price-history.ts";

/**
 * What the daily job recorded for the registered model file on each of the registration's dates whose outcome is
 * known by `knownThrough`, with those outcomes.
 */
function recordedOutcomes(
  db: Db,
  modelSha256: string,
  registration: Pick<Preregistration, "firstDate" | "horizonSessions">,
  knownThrough: string | null,
) {
  return liveScoringOutcomes(
    db,
    modelSha256,
    resolvedScoringDates(registration, knownThrough),
    registration.horizonSessions,
  );
}

/**
 * The pre-registered check of the ranges on live calls (docs/model/preregistration-ranges.md, decision 140): its
 * dates whose 60-session outcome is known by `knownThrough`, each scored on the ranges recorded with the registered
 * model file, and the running shares per volatility fifth.
 */
async function rangeCheckStatus(db: Db, knownThrough: string | null, registration: RangeRegistration) {
  const recorded = await recordedOutcomes(db, registration.modelSha256, registration, knownThrough);
  const progress = scoreRangeCheck(registration, recorded, knownThrough);
  return {
    calibrationFile: registration.calibrationFile,
    calibrationSha256: registration.calibrationSha256,
    modelSha256: registration.modelSha256,
    firstDate: registration.firstDate,
    horizonSessions: registration.horizonSessions,
    target: registration.target,
    datesNeeded: registration.datesNeeded,
    datesCollected: progress.datesCollected,
    datesMissed: progress.datesMissed,
    summary: `${progress.datesCollected} of ${registration.datesNeeded} dates collected`,
    dates: progress.dates,
    running: progress.running,
    verdict: progress.verdict,
    document: registration.document,
  };
}

/**
 * The pre-registered test of live calls and how far it has come: the registration's scoring dates whose outcome
 * the stored prices know by the market's day, each scored on the live scores recorded with the registered model
 * file (decision 123), and the running mean, SD and one-sided t over them; beside it the check of the ranges.
 */
export async function preregistrationStatus(
  deps: AppDeps,
  registration: Preregistration = PREREGISTRATION,
  rangeRegistration: RangeRegistration = RANGE_REGISTRATION,
) {
  const { db } = deps.database;
  const knownThrough = hasMarketData(deps.market)
    ? await lastTradingDate(db, deps.market.marketToday())
    : null;
  const recorded = await recordedOutcomes(db, registration.sha256, registration, knownThrough);
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
    ranges: await rangeCheckStatus(db, knownThrough, rangeRegistration),
  };
}
