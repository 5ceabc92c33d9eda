import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { dailyPrices, recommendations } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { marketWithoutData } from "../../lib/market-port.ts";
import { BENCHMARK } from "../../market/demo-import.ts";
import { allSymbols, tradingDays } from "../../market/price-history.ts";
import type { HistoricalQuery } from "./recommendations.schema.ts";
import {
  type ClosesByDate,
  computeOutcome,
  createUniverse,
  type Outcome,
  statedEvent,
  summarisePerformance,
  type TargetTouch,
} from "./track-record.ts";

/** The performance view scores at most this many recommendations, the most recent first. */
export const PERFORMANCE_LIMIT = 5000;

export const METHOD =
  "Each recommendation is scored on total returns (closes adjusted for dividends and splits) from the close of its " +
  "recommendation date to the close of its target date (the last session on or before it), against the stocks of " +
  "the universe over the same sessions. Confidence states the probability of one event: for a call ranked in " +
  "deciles 6-10 (every BUY), that the stock's total return beats the median total return of the universe's " +
  "stocks; for deciles 1-5, that it trails that median. The observed rate is how often that event happened, with a " +
  "95% Wilson interval; a call is open until its target date has passed. The universe is every stock the market " +
  "has prices for: in the demo market, the 209 stocks that are in the S&P 500 today. Stocks that left the index, " +
  "were taken over or went bankrupt are missing, so past returns, the universe's and the calls' alike, look " +
  "better than an investor of the time could have had (survivorship bias). Recommendations posted by an admin " +
  "state no probability: they count in the totals (as beating the median) but not in the calibration rows. The " +
  "cumulative lines add up, date by date, the calls' average total return and the universe's equal-weighted " +
  "average over the same sessions; nearby windows overlap, so they compare the two, they are not a portfolio. " +
  "How often a target price was touched is not shown: with no like-for-like baseline it says more about a " +
  "stock's volatility than about the call.";

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
  return {
    asOf,
    method: METHOD,
    ...summarisePerformance(
      scored.map((s) => ({
        recommendationDate: s.recommendation.recommendationDate,
        confidence: s.recommendation.confidence,
        probability: s.recommendation.probability,
        decile: s.recommendation.decile,
        outcome: s.outcome,
      })),
    ),
  };
}

type Row = typeof recommendations.$inferSelect;

/**
 * Each recommendation with its outcome as of `asOf`. Four reads whatever the number of calls: when each call's
 * target was reached (answered by the database), the trading calendar, the universe's symbols, and the adjusted
 * closes of the universe on the sessions the calls start and end on.
 */
export async function scoreRecommendations(
  deps: AppDeps,
  rows: readonly Row[],
  asOf: string,
): Promise<Array<{ recommendation: Row; outcome: Outcome }>> {
  const { db } = deps.database;
  const firstDate = rows.reduce<string | null>(
    (min, r) => (!min || r.recommendationDate < min ? r.recommendationDate : min),
    null,
  );
  if (!firstDate) return [];
  const symbols = [...new Set(rows.map((r) => r.symbol))];
  // The calendar also needs the session on (or just before) the first recommendation date.
  const calendarFrom = prevDay(firstDate, 10);
  const [touches, benchmarkDays, members] = await Promise.all([
    targetTouches(deps, rows, asOf),
    tradingDays(db, BENCHMARK, calendarFrom, asOf),
    allSymbols(db).then((all) => all.filter((s) => s !== BENCHMARK)),
  ]);
  const sessions = benchmarkDays.length ? benchmarkDays : await sessionsWithPrices(deps, calendarFrom, asOf);

  const dateless = createUniverse(sessions, new Map(), []);
  const needed = new Set<string>();
  for (const r of rows) {
    const start = dateless.sessionOnOrBefore(r.recommendationDate);
    const end = dateless.sessionOnOrBefore(r.estimatedDate <= asOf ? r.estimatedDate : asOf);
    if (start) needed.add(start);
    if (end) needed.add(end);
  }
  const wanted = [...new Set([...members, ...symbols])];
  const closes = await closesOn(deps, wanted, [...needed]);
  const universe = createUniverse(sessions, closes, members);
  return rows.map((r) => ({
    recommendation: r,
    outcome: computeOutcome(
      {
        symbol: r.symbol,
        recommendationDate: r.recommendationDate,
        estimatedDate: r.estimatedDate,
        event: statedEvent(r.decile, r.call),
      },
      touches.get(r.id) ?? { reachedOn: null, lastSeen: null },
      universe,
      asOf,
    ),
  }));
}

/**
 * Per call, the first session after its date whose high reached the target and the last session with prices, both
 * on or before its target date and `asOf`. Answered by the database from the (symbol, date) key, so the hundreds
 * of thousands of bars behind a long history are never sent over.
 */
async function targetTouches(
  deps: AppDeps,
  rows: readonly Row[],
  asOf: string,
): Promise<Map<number, TargetTouch>> {
  const window = sql`${dailyPrices.symbol} = ${recommendations.symbol}
    and ${dailyPrices.date} > ${recommendations.recommendationDate}
    and ${dailyPrices.date} <= min(${recommendations.estimatedDate}, ${asOf})`;
  const found = await deps.database.db
    .select({
      id: recommendations.id,
      reachedOn: sql<string | null>`(select min(${dailyPrices.date}) from ${dailyPrices} where ${window}
        and ${dailyPrices.high} >= ${recommendations.sellTargetCents} / 100.0)`,
      lastSeen: sql<string | null>`(select max(${dailyPrices.date}) from ${dailyPrices} where ${window})`,
    })
    .from(recommendations)
    .where(
      inArray(
        recommendations.id,
        rows.map((r) => r.id),
      ),
    );
  return new Map(found.map((f) => [f.id, { reachedOn: f.reachedOn, lastSeen: f.lastSeen }]));
}

/** Adjusted closes of `symbols` on `dates`, in one read (index lookups on the (symbol, date) key). */
async function closesOn(
  deps: AppDeps,
  symbols: readonly string[],
  dates: readonly string[],
): Promise<ClosesByDate> {
  const out = new Map<string, Map<string, number>>();
  if (!symbols.length || !dates.length) return out;
  const rows = await deps.database.db
    .select({ symbol: dailyPrices.symbol, date: dailyPrices.date, adjClose: dailyPrices.adjClose })
    .from(dailyPrices)
    .where(and(inArray(dailyPrices.symbol, [...symbols]), inArray(dailyPrices.date, [...dates])));
  for (const r of rows) {
    const day = out.get(r.date) ?? new Map<string, number>();
    day.set(r.symbol, r.adjClose);
    out.set(r.date, day);
  }
  return out;
}

/** The dates any symbol has prices on, for a market without the benchmark's calendar. */
async function sessionsWithPrices(deps: AppDeps, from: string, to: string): Promise<string[]> {
  const rows = await deps.database.db
    .selectDistinct({ date: dailyPrices.date })
    .from(dailyPrices)
    .where(and(gte(dailyPrices.date, from), lte(dailyPrices.date, to)))
    .orderBy(asc(dailyPrices.date));
  return rows.map((r) => r.date);
}

function prevDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
