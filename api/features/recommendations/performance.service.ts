import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { recommendations } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { marketWithoutData } from "../../lib/market-port.ts";
import { BENCHMARK } from "../../market/demo-import.ts";
import { barsBetween } from "../../market/price-history.ts";
import type { HistoricalQuery } from "./recommendations.schema.ts";
import { type Bar, computeOutcome, type ScoredCall, summarisePerformance } from "./track-record.ts";

/** The performance view scores at most this many recommendations, the most recent first. */
export const PERFORMANCE_LIMIT = 5000;

export const METHOD =
  "Each recommendation is scored on the daily prices after its date: a hit when the day's high reaches the target " +
  "on or before the target date, missed when the target date passes first, open until then; returns assume a " +
  "purchase at the buy price and are compared with the S&P 500 over the same days. Confidence states the " +
  "probability that the stock beats the index from the recommendation date to the target date (close to close), " +
  "so the calibration chart sets it against how often that happened.";

/** Outcomes and totals of the recommendations matching `query`, as of the market's today. */
export async function recommendationPerformance(deps: AppDeps, query: HistoricalQuery) {
  const { db } = deps.database;
  const asOf = (deps.market ?? marketWithoutData(deps.clock)).marketToday();
  const filters: SQL[] = [lte(recommendations.recommendationDate, asOf)];
  if (query.fromDate) filters.push(gte(recommendations.recommendationDate, query.fromDate));
  if (query.toDate) filters.push(lte(recommendations.recommendationDate, query.toDate));
  if (query.symbol) filters.push(eq(recommendations.symbol, query.symbol));
  if (query.aggressive) filters.push(eq(recommendations.aggressive, query.aggressive === "aggressive"));
  const rows = await db
    .select()
    .from(recommendations)
    .where(and(...filters))
    .orderBy(desc(recommendations.recommendationDate))
    .limit(PERFORMANCE_LIMIT);

  const scored = await scoreRecommendations(deps, rows, asOf);

  // Average return per recommendation date against the index, accumulated over dates (oldest first).
  const byDate = new Map<string, ScoredCall[]>();
  for (const s of scored) {
    if (
      s.outcome.status === "open" ||
      s.outcome.realisedReturn === null ||
      s.outcome.benchmarkReturn === null
    )
      continue;
    const list = byDate.get(s.recommendation.recommendationDate) ?? [];
    list.push(s);
    byDate.set(s.recommendation.recommendationDate, list);
  }
  let strategy = 0;
  let index = 0;
  const cumulative = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, calls]) => {
      strategy += calls.reduce((a, c) => a + c.outcome.realisedReturn!, 0) / calls.length;
      index += calls.reduce((a, c) => a + c.outcome.benchmarkReturn!, 0) / calls.length;
      return { date, strategy, benchmark: index };
    });

  return {
    asOf,
    method: METHOD,
    ...summarisePerformance(scored),
    cumulative,
  };
}

type Row = typeof recommendations.$inferSelect;

/** Each recommendation with its outcome as of `asOf`, from one read of the prices involved. */
export async function scoreRecommendations(deps: AppDeps, rows: readonly Row[], asOf: string) {
  const { db } = deps.database;
  const firstDate = rows.reduce<string | null>(
    (min, r) => (!min || r.recommendationDate < min ? r.recommendationDate : min),
    null,
  );
  const symbols = [...new Set(rows.map((r) => r.symbol))];
  const [bars, benchBars] = firstDate
    ? await Promise.all([
        barsBetween(db, symbols, firstDate, asOf),
        // The benchmark also needs its close on (or just before) the first recommendation date.
        barsBetween(db, [BENCHMARK], prevDay(firstDate, 10), asOf),
      ])
    : [[], []];
  const bySymbol = new Map<string, Bar[]>();
  for (const b of bars) {
    const list = bySymbol.get(b.symbol) ?? [];
    list.push({ date: b.date, high: b.high, close: b.close });
    bySymbol.set(b.symbol, list);
  }
  const benchmark = benchBars.map((b) => ({ date: b.date, high: b.high, close: b.adjClose }));
  return rows.map((r) => ({
    recommendation: r,
    confidence: r.confidence,
    outcome: computeOutcome(
      {
        buyPrice: r.buyPriceCents / 100,
        sellTarget: r.sellTargetCents / 100,
        recommendationDate: r.recommendationDate,
        estimatedDate: r.estimatedDate,
      },
      bySymbol.get(r.symbol) ?? [],
      benchmark,
      asOf,
    ),
  }));
}

function prevDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
