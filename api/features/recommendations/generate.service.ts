import { type AnalysisEngine, createAnalysisEngine, type Scored, toInsight } from "../../analysis/engine.ts";
import { isMemberOn } from "../../analysis/index-membership.ts";
import { recordLiveScoring } from "../../analysis/live-scores.ts";
import { modelCatalog } from "../../analysis/model-store.ts";
import { AGGRESSIVE_VOLATILITY } from "../../analysis/risk-scale.constants.ts";
import { mondayOf } from "../../lib/calendar-days.ts";
import type { AppDeps } from "../../lib/context.ts";
import { allSymbols, securityNames, securitySectors } from "../../market/price-history.ts";
import { postRecommendation, provenanceOf, volatilityBasis } from "./recommendations.service.ts";

/** How many BUY calls a date posts at most, and at most how many of them from one sector. */
export const PICKS_PER_DATE = 10;
export const PICKS_PER_SECTOR = 3;

/**
 * How the calls are made: the seed and the scripts pass `{ provenance: "simulated" }`, since they make calls
 * after the fact; the daily job and the admin's Generate leave it to the date (today's calls are live).
 */
export interface Made {
  provenance?: "simulated";
}

export interface GenerateReport {
  date: string;
  scored: number;
  posted: number;
  alreadyThere: number;
}

/**
 * The calls worth posting: BUY calls (the members' top decile) expected to beat the median stock, best-ranked
 * first, at most PICKS_PER_SECTOR from one sector so a date's list is not one industry's bet. Only index members of
 * the date are scored (decision 065); the membership check here keeps it so whatever hands the scores in.
 */
export function pickCalls(
  scored: readonly Scored[],
  sectors: ReadonlyMap<string, string> = new Map(),
  count = PICKS_PER_DATE,
): Scored[] {
  const perSector = new Map<string, number>();
  const picks: Scored[] = [];
  const candidates = scored
    .filter((s) => s.call === "BUY" && s.member && s.expectedExcessReturn > 0)
    .sort((a, b) => b.raw - a.raw || a.symbol.localeCompare(b.symbol));
  for (const s of candidates) {
    if (picks.length >= count) break;
    const sector = sectors.get(s.symbol) ?? s.symbol;
    const taken = perSector.get(sector) ?? 0;
    if (taken >= PICKS_PER_SECTOR) continue;
    perSector.set(sector, taken + 1);
    picks.push(s);
  }
  return picks;
}

/**
 * Posts one date's generated recommendations from scores computed with data up to that date only. Idempotent:
 * a symbol already recommended on the date is left as it is.
 */
export async function postGeneratedRecommendations(
  deps: AppDeps,
  date: string,
  scored: readonly Scored[],
  names: ReadonlyMap<string, string>,
  sectors?: ReadonlyMap<string, string>,
  made: Made = {},
): Promise<GenerateReport> {
  let posted = 0;
  let alreadyThere = 0;
  for (const pick of pickCalls(scored, sectors)) {
    const insight = toInsight(pick, names.get(pick.symbol) ?? pick.symbol);
    const buy = Math.round(pick.close * 100);
    // The target is the price the expected excess return points to (decision 066): above the close for a BUY.
    const target = Math.round(pick.close * (1 + pick.expectedExcessReturn) * 100);
    if (target <= buy) continue;
    const result = await postRecommendation(
      deps,
      {
        symbol: pick.symbol,
        buyPrice: buy,
        sellTarget: target,
        confidence: insight.confidence,
        estimatedDate: insight.targetDate,
        reason: insight.reasoning,
        aggressive: pick.stock.vol_60d >= AGGRESSIVE_VOLATILITY,
      },
      {
        recommendationDate: date,
        postedBy: null,
        source: "model",
        modelVersion: pick.model.version,
        model: {
          call: pick.call,
          decile: pick.decile,
          probability: insight.probability!,
          expectedReturn: null,
          expectedReturnLow: null,
          expectedReturnHigh: null,
          horizonDays: pick.model.horizonDays,
          expectedExcessReturn: pick.expectedExcessReturn,
          expectedExcessLow: pick.expectedExcessLow,
          expectedExcessHigh: pick.expectedExcessHigh,
        },
        ...made,
        riskBasis: volatilityBasis(pick.stock.vol_60d),
      },
    );
    if (result.ok) posted++;
    else alreadyThere++;
  }
  return { date, scored: scored.length, posted, alreadyThere };
}

/**
 * Generates and posts the engine's calls for one trading day from prices up to that day: the admin's Generate,
 * the daily job and the command-line script. Idempotent per date.
 */
export async function generateForDate(deps: AppDeps, date: string, made: Made = {}): Promise<GenerateReport> {
  const [report] = await generateForDates(deps, [date], made);
  return report ?? { date, scored: 0, posted: 0, alreadyThere: 0 };
}

/**
 * generateForDate for many dates, scoring the universe on all of them from one read of prices (the seed's year of
 * weekly history).
 */
export async function generateForDates(
  deps: AppDeps,
  dates: readonly string[],
  made: Made = {},
): Promise<GenerateReport[]> {
  const { db } = deps.database;
  // Scoring a date reads prices up to that date only, whatever the engine's "today".
  const engine = createAnalysisEngine(db, () => [...dates].sort().at(-1) ?? "");
  return generateRecommendations(deps, engine, dates, await securityNames(db), undefined, made);
}

/** Generates the recommendations of each date (trading days) with `engine`, scoring the universe once for all. */
export async function generateRecommendations(
  deps: AppDeps,
  engine: AnalysisEngine,
  dates: readonly string[],
  names: ReadonlyMap<string, string>,
  sectors?: ReadonlyMap<string, string>,
  made: Made = {},
): Promise<GenerateReport[]> {
  const byDate = await engine.scoreUniverseOn(dates);
  sectors ??= await securitySectors(deps.database.db);
  const today = deps.market.marketToday();
  const reports: GenerateReport[] = [];
  for (const date of [...dates].sort()) {
    const scored = byDate.get(date) ?? [];
    if (provenanceOf(date, today, made.provenance) === "live") await recordLiveScores(deps, date, scored);
    reports.push(await postGeneratedRecommendations(deps, date, scored, names, sectors, made));
  }
  return reports;
}

/**
 * Keeps a live date's scores of every index member, not only the calls posted, with the range served to each, for
 * the pre-registered test of calls and the check of the ranges (decisions 123, 140); members the model could not
 * score with none.
 */
async function recordLiveScores(deps: AppDeps, date: string, scored: readonly Scored[]) {
  const { db } = deps.database;
  const model = scored[0]?.model;
  const sha256 = model && (await modelCatalog(db)).get(model.version)?.sha256;
  if (!model || !sha256) return;
  const scoredSymbols = new Set(scored.map((s) => s.symbol));
  const unscored = (await allSymbols(db)).filter((s) => !scoredSymbols.has(s) && isMemberOn(s, date));
  await recordLiveScoring(db, {
    date,
    modelVersion: model.version,
    modelSha256: sha256,
    scores: [
      ...scored.map((s) => ({
        symbol: s.symbol,
        score: s.raw,
        expectedExcess: s.expectedExcessReturn,
        excessLow: s.expectedExcessLow,
        excessHigh: s.expectedExcessHigh,
        volatilityFifth: s.volatilityFifth,
      })),
      ...unscored.map((symbol) => ({ symbol, score: null })),
    ],
  });
}

/** The last trading day of each of the `weeks` weeks that end on or before `asOf`, oldest first. */
export function weeklyDates(tradingDays: readonly string[], asOf: string, weeks: number): string[] {
  const lastOfWeek = new Map<string, string>();
  for (const day of tradingDays) {
    if (day > asOf) continue;
    const monday = mondayOf(day);
    const current = lastOfWeek.get(monday);
    if (!current || day > current) lastOfWeek.set(monday, day);
  }
  return [...lastOfWeek.values()].sort().slice(-weeks);
}
