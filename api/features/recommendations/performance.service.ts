import { and, asc, desc, gte, inArray, lte, sql } from "drizzle-orm";
import { dailyPrices, recommendations } from "../../../db/schema/index.ts";
import { isMemberOn } from "../../analysis/index-membership.ts";
import { MODEL_CARD } from "../../analysis/model-card.ts";
import { TRACK_RECORD_EVIDENCE } from "../../analysis/track-record-evidence.ts";
import { addDays } from "../../lib/calendar-days.ts";
import type { AppDeps } from "../../lib/context.ts";
import { BENCHMARK } from "../../market/benchmark.ts";
import { allSymbols, tradingDays } from "../../market/price-history.ts";
import { recommendationFilters } from "./recommendation-filters.ts";
import type { HistoricalQuery } from "./recommendations.schema.ts";
import {
  baselineRate,
  type Call,
  type CloseSeries,
  type ClosesByDate,
  calendarTimeGrowth,
  computeOutcome,
  createUniverse,
  type DailyCloses,
  type MembersOn,
  median,
  neweyWestLag,
  type Outcome,
  statedEvent,
  summarisePerformance,
  type TargetTouch,
  type Universe,
} from "./track-record.ts";

/** Calendar days of closes read before the first call: more than the 60 sessions the volatility fifths need. */
const VOLATILITY_LOOKBACK_DAYS = 100;

/** The performance view scores at most this many recommendations, the most recent first. */
export const PERFORMANCE_LIMIT = 5000;

export const METHOD =
  "Simulated calls (made later for a past date, by the seed or a script) and live calls (made on their own date) " +
  "are scored alike and reported apart: the model's figures are the simulated calls', and live calls have their " +
  "own record. Each recommendation is scored on total returns (closes adjusted for dividends and splits) from the close of its " +
  "recommendation date to the close of its target date (the last session on or before it). The universe it is " +
  "measured against is the stocks that were S&P 500 members on its recommendation date, among the stocks the " +
  "market has prices for: a stock that joined the index later is not in an earlier date's universe. Confidence " +
  "states the probability of one event: for a SELL, and a WATCH in deciles 1-5, that the stock's total return " +
  "trails the median total return of the universe's stocks; for every other call (every BUY and HOLD), that it " +
  "beats that median. " +
  "The observed rate is how often that event happened; a call is open until its target date has passed. Beside it " +
  "stands a baseline: how often random members of the same date and the same risk did the same event, where risk " +
  "is the volatility of the last 60 sessions' daily returns on the recommendation date and the members are split " +
  "into fifths by it; the baseline is that fifth's rate over the same sessions, averaged over the calls. A model " +
  "that leans to volatile stocks in a rising market beats the median often without any skill; the baseline shows " +
  "how often. Calls made on one date share one market, and weekly calls over 60 sessions overlap, so the 95% " +
  "intervals come from each date's rate, not from counting calls as independent: each is the widest of Newey-West " +
  "errors over dates (lag: the horizon over the sessions between recommendation dates), non-overlapping blocks of " +
  "lag + 1 dates with Student's t, and the plain binomial (Wilson) interval on the resolved count. The top-decile basket is the model's " +
  "BUY calls, date by date, against the same baseline. Editor's picks (posted by an admin) are the editors' " +
  "calls, with the editor's own confidence, not a calibrated probability: they are reported apart and kept out " +
  "of every figure of the model, its growth line included. The demo market holds only the stocks that were in " +
  "the S&P 500 in 2023: members that later failed or were taken over are missing, so past returns, the " +
  "universe's and the calls' alike, look better than an investor of the time could have had (survivorship bias). " +
  "The growth lines are calendar-time portfolios: each trading day the calls line holds, in equal parts, every " +
  "model call open that day (after its recommendation date, up to its target date) and earns their average total " +
  "return that day; the universe line earns the average total return of that day's members. Both compound from " +
  "$1, stand still on days with no open call, and are gross of trading costs. How often a target price was " +
  "touched is not shown: with no like-for-like baseline it says more about a stock's volatility than about the call.";

/** Outcomes and totals of the recommendations matching `query`, as of the market's today. */
export async function recommendationPerformance(deps: AppDeps, query: HistoricalQuery) {
  const { db } = deps.database;
  const asOf = deps.market.marketToday();
  const rows = await db
    .select()
    .from(recommendations)
    .where(and(lte(recommendations.recommendationDate, asOf), ...recommendationFilters(query)))
    .orderBy(desc(recommendations.recommendationDate))
    .limit(PERFORMANCE_LIMIT);
  // Every session's closes: the calendar-time portfolio and the volatility fifths need them, and they hold the
  // window ends scoring needs.
  const prices = await scoringPrices(deps, rows, asOf, "every session");
  const universe = universeOf(prices);
  const scored = rows.map((r) => {
    const call = callOf(r);
    return {
      recommendationDate: r.recommendationDate,
      source: r.source,
      provenance: r.provenance,
      call: r.call,
      confidence: r.confidence,
      probability: r.probability,
      decile: r.decile,
      outcome: outcomeOf(r, call, prices, universe, asOf),
      baseline: baselineRate(call, universe, asOf),
    };
  });
  const modelRows = rows.filter((r) => r.source === "model");
  // The growth line is the simulated record's, as the figures beside it: live calls are never pooled with it.
  const simulatedRows = modelRows.filter((r) => r.provenance === "simulated");
  return {
    asOf,
    method: METHOD,
    ...summarisePerformance(scored, intervalLag(modelRows, prices.sessions)),
    // The calls line holds the model's calls only: an editor's pick is not the model's.
    cumulative: prices.daily
      ? calendarTimeGrowth(simulatedRows, prices.daily, prices.members, prices.sessions, asOf, isMemberOn)
      : [],
    model: MODEL_CARD,
    // The simulated record's discounts: the same rule over every walk-forward year and without survivorship.
    evidence: TRACK_RECORD_EVIDENCE,
  };
}

/**
 * The Newey-West lag of the intervals: the calls' horizon (median sessions from recommendation to target date) over
 * the median sessions between recommendation dates.
 */
function intervalLag(rows: readonly Row[], sessions: readonly string[]): number {
  const calendar = createUniverse(sessions, new Map(), []);
  const index = new Map(sessions.map((d, i) => [d, i]));
  const last = sessions.at(-1) ?? "";
  const horizons = rows
    .filter((r) => r.estimatedDate <= last)
    .map((r) => {
      const a = calendar.sessionOnOrBefore(r.recommendationDate);
      const b = calendar.sessionOnOrBefore(r.estimatedDate);
      return a && b ? index.get(b)! - index.get(a)! : null;
    })
    .filter((h): h is number => h !== null && h > 0);
  const horizon = median(horizons);
  return horizon === null
    ? 0
    : neweyWestLag(
        rows.map((r) => r.recommendationDate),
        sessions,
        horizon,
      );
}

type Row = typeof recommendations.$inferSelect;

interface ScoringPrices {
  /** The trading calendar, from before the first recommendation date to as-of. */
  sessions: string[];
  /** Every symbol with prices but the benchmark; each date's universe is its index members among them. */
  members: string[];
  /** Adjusted closes on the sessions the calls start and end on. */
  closes: ClosesByDate;
  touches: Map<number, TargetTouch>;
  /** Every session's closes of the universe and the called stocks, when asked for. */
  daily: DailyCloses | null;
}

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
  return scoreWith(rows, await scoringPrices(deps, rows, asOf, "window ends"), asOf);
}

function scoreWith(rows: readonly Row[], prices: ScoringPrices, asOf: string) {
  const universe = universeOf(prices);
  return rows.map((r) => ({
    recommendation: r,
    outcome: outcomeOf(r, callOf(r), prices, universe, asOf),
  }));
}

/** Each date's universe: its index members among the stocks with prices (docs/decisions/065, 069). */
function universeOf(prices: ScoringPrices): Universe {
  const byDate = new Map<string, readonly string[]>();
  const membersOn: MembersOn = (date) => {
    let members = byDate.get(date);
    if (!members) {
      members = prices.members.filter((s) => isMemberOn(s, date));
      byDate.set(date, members);
    }
    return members;
  };
  return createUniverse(prices.sessions, prices.closes, membersOn, prices.daily ?? undefined);
}

const callOf = (r: Row): Call => ({
  symbol: r.symbol,
  recommendationDate: r.recommendationDate,
  estimatedDate: r.estimatedDate,
  event: statedEvent(r.decile, r.call),
});

const outcomeOf = (r: Row, call: Call, prices: ScoringPrices, universe: Universe, asOf: string) =>
  computeOutcome(call, prices.touches.get(r.id) ?? { reachedOn: null, lastSeen: null }, universe, asOf);

/**
 * What scoring `rows` needs, in three or four reads. "window ends" reads the universe's closes on the sessions the
 * calls start and end on (a list of a few calls); "every session" reads every close of the universe from the first
 * recommendation date to `asOf` in one grouped read, which also gives the calendar and the window ends.
 */
async function scoringPrices(
  deps: AppDeps,
  rows: readonly Row[],
  asOf: string,
  closes: "window ends" | "every session",
): Promise<ScoringPrices> {
  const { db } = deps.database;
  const firstDate = rows.reduce<string | null>(
    (min, r) => (!min || r.recommendationDate < min ? r.recommendationDate : min),
    null,
  );
  if (!firstDate) return { sessions: [], members: [], closes: new Map(), touches: new Map(), daily: null };
  const symbols = [...new Set(rows.map((r) => r.symbol))];
  // The calendar also needs the session on (or just before) the first recommendation date; every session's closes
  // start 60 sessions before it, for the volatility fifths.
  const calendarFrom = addDays(firstDate, -10);
  const membersRead = allSymbols(db).then((all) => all.filter((s) => s !== BENCHMARK));
  if (closes === "every session") {
    const [touches, members] = await Promise.all([targetTouches(deps, rows, asOf), membersRead]);
    const daily = await dailyCloses(
      deps,
      [...new Set([...members, ...symbols, BENCHMARK])],
      addDays(firstDate, -VOLATILITY_LOOKBACK_DAYS),
      asOf,
    );
    const benchmark = daily.get(BENCHMARK)?.dates;
    const sessions = benchmark?.length
      ? [...benchmark]
      : [...new Set([...daily.values()].flatMap((s) => s.dates))].sort();
    const needed = windowEnds(rows, sessions, asOf);
    const byDate = new Map<string, Map<string, number>>();
    for (const [symbol, series] of daily)
      series.dates.forEach((date, i) => {
        if (!needed.has(date)) return;
        const day = byDate.get(date) ?? new Map<string, number>();
        day.set(symbol, series.closes[i]!);
        byDate.set(date, day);
      });
    return { sessions, members, closes: byDate, touches, daily };
  }
  const [touches, benchmarkDays, members] = await Promise.all([
    targetTouches(deps, rows, asOf),
    tradingDays(db, BENCHMARK, calendarFrom, asOf),
    membersRead,
  ]);
  const sessions = benchmarkDays.length ? benchmarkDays : await sessionsWithPrices(deps, calendarFrom, asOf);
  const wanted = [...new Set([...members, ...symbols])];
  return {
    sessions,
    members,
    closes: await closesOn(deps, wanted, [...windowEnds(rows, sessions, asOf)]),
    touches,
    daily: null,
  };
}

/** The sessions the calls' windows start and end on. */
function windowEnds(rows: readonly Row[], sessions: readonly string[], asOf: string): Set<string> {
  const calendar = createUniverse(sessions, new Map(), []);
  const needed = new Set<string>();
  for (const r of rows) {
    const start = calendar.sessionOnOrBefore(r.recommendationDate);
    const end = calendar.sessionOnOrBefore(r.estimatedDate <= asOf ? r.estimatedDate : asOf);
    if (start) needed.add(start);
    if (end) needed.add(end);
  }
  return needed;
}

/**
 * Every adjusted close of `symbols` from `from` to `to`, one row per symbol: the dates and the closes come as two
 * lists built in the same pass, so they pair up, and a few hundred rows cross over instead of tens of thousands
 * (about 22 ms for 209 stocks over a year of the demo market, against about 65 ms row by row). SQLite writes JSON
 * numbers with 15 significant digits, more than the closes are stored with.
 */
async function dailyCloses(
  deps: AppDeps,
  symbols: readonly string[],
  from: string,
  to: string,
): Promise<DailyCloses> {
  const out = new Map<string, CloseSeries>();
  if (!symbols.length) return out;
  const rows = await deps.database.db
    .select({
      symbol: dailyPrices.symbol,
      dates: sql<string>`group_concat(${dailyPrices.date})`,
      closes: sql<string>`json_group_array(${dailyPrices.adjClose})`,
    })
    .from(dailyPrices)
    .where(
      and(inArray(dailyPrices.symbol, [...symbols]), gte(dailyPrices.date, from), lte(dailyPrices.date, to)),
    )
    .groupBy(dailyPrices.symbol);
  for (const r of rows) {
    const dates = r.dates.split(",");
    const closes = JSON.parse(r.closes) as number[];
    // The (symbol, date) key hands the rows over in date order; sort in case a planner does not.
    if (dates.some((d, i) => i > 0 && d <= dates[i - 1]!)) {
      const order = dates.map((_, i) => i).sort((a, b) => dates[a]!.localeCompare(dates[b]!));
      out.set(r.symbol, { dates: order.map((i) => dates[i]!), closes: order.map((i) => closes[i]!) });
    } else out.set(r.symbol, { dates, closes });
  }
  return out;
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

/**
 * Adjusted closes of `symbols` on `dates`, in one read (index lookups on the (symbol, date) key), one row per date:
 * the symbols and the closes come as two lists built in the same pass, as dailyCloses reads them. A first `latest`
 * then decodes two rows instead of a few hundred, which a Worker's cold isolate does in its interpreter (decision
 * 167).
 */
async function closesOn(
  deps: AppDeps,
  symbols: readonly string[],
  dates: readonly string[],
): Promise<ClosesByDate> {
  const out = new Map<string, Map<string, number>>();
  if (!symbols.length || !dates.length) return out;
  const rows = await deps.database.db
    .select({
      date: dailyPrices.date,
      symbols: sql<string>`group_concat(${dailyPrices.symbol})`,
      closes: sql<string>`json_group_array(${dailyPrices.adjClose})`,
    })
    .from(dailyPrices)
    .where(and(inArray(dailyPrices.symbol, [...symbols]), inArray(dailyPrices.date, [...dates])))
    .groupBy(dailyPrices.date);
  for (const r of rows) {
    const closes = JSON.parse(r.closes) as number[];
    out.set(r.date, new Map(r.symbols.split(",").map((symbol, i) => [symbol, closes[i]!])));
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
