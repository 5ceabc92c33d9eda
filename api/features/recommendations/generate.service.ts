import { type AnalysisEngine, MODEL, type Scored, toInsight } from "../../analysis/engine.ts";
import type { AppDeps } from "../../lib/context.ts";
import { postRecommendation } from "./recommendations.service.ts";

/** How many calls a date gets: the best-ranked long calls of the universe. */
export const PICKS_PER_DATE = 8;

export interface GenerateReport {
  date: string;
  scored: number;
  posted: number;
  alreadyThere: number;
}

/** The long calls worth posting: ranked by the calibrated probability of beating the index, target above price. */
export function pickCalls(scored: readonly Scored[], count = PICKS_PER_DATE): Scored[] {
  return [...scored]
    .filter((s) => MODEL.indexDrift + s.prediction.expectedReturn > 0.002)
    .sort(
      (a, b) => b.prediction.probabilityUp - a.prediction.probabilityUp || a.symbol.localeCompare(b.symbol),
    )
    .slice(0, count);
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
): Promise<GenerateReport> {
  let posted = 0;
  let alreadyThere = 0;
  for (const pick of pickCalls(scored)) {
    const insight = toInsight(pick, names.get(pick.symbol) ?? pick.symbol);
    const buy = Math.round(pick.close * 100);
    const target = Math.max(buy + 1, Math.round(insight.projectedPrice * 100));
    const result = await postRecommendation(
      deps,
      {
        symbol: pick.symbol,
        buyPrice: buy,
        sellTarget: target,
        confidence: Math.round(pick.prediction.probabilityUp * 100),
        estimatedDate: insight.targetDate,
        reason: insight.reasoning,
        aggressive: insight.riskLevel === "HIGH",
      },
      {
        recommendationDate: date,
        postedBy: null,
        source: "model",
        modelVersion: MODEL.version,
        riskBasis: `model risk level ${insight.riskLevel} (60-day volatility ${(pick.features.vol_60d * 100).toFixed(0)}% a year)`,
      },
    );
    if (result.kind === "posted") posted++;
    else alreadyThere++;
  }
  return { date, scored: scored.length, posted, alreadyThere };
}

/** Generates the recommendations of each date (trading days), scoring the universe once for all of them. */
export async function generateRecommendations(
  deps: AppDeps,
  engine: AnalysisEngine,
  dates: readonly string[],
  names: ReadonlyMap<string, string>,
): Promise<GenerateReport[]> {
  const byDate = await engine.scoreUniverseOn(dates);
  const reports: GenerateReport[] = [];
  for (const date of [...dates].sort())
    reports.push(await postGeneratedRecommendations(deps, date, byDate.get(date) ?? [], names));
  return reports;
}

/** The last trading day of each of the `weeks` weeks that end on or before `asOf`, oldest first. */
export function weeklyDates(tradingDays: readonly string[], asOf: string, weeks: number): string[] {
  const lastOfWeek = new Map<string, string>();
  for (const day of tradingDays) {
    if (day > asOf) continue;
    const d = new Date(`${day}T00:00:00Z`);
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    const current = lastOfWeek.get(monday);
    if (!current || day > current) lastOfWeek.set(monday, day);
  }
  return [...lastOfWeek.values()].sort().slice(-weeks);
}
