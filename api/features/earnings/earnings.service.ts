import {
  type DailyBar,
  GROWTH_HISTORY_DAYS,
  type GrowthHistory,
  growthHistoryAt,
  growthProbability,
  nextReportEstimate,
  type RiseCount,
  targetPriceEstimate,
  universeReactions,
  warmUpStart,
} from "../../analysis/earnings-events.ts";
import { EARNINGS_EVIDENCE, type EarningsEvidence } from "../../analysis/earnings-evidence.ts";
import { addDays } from "../../lib/calendar-days.ts";
import type { AppDeps } from "../../lib/context.ts";
import { calendarDay, chancePercent, ratePercent } from "../../lib/format.ts";
import { hasMarketData, type MarketPort } from "../../lib/market-port.ts";
import { BENCHMARK } from "../../market/benchmark.ts";
import { universeSeries } from "../../market/price-history.ts";
import type { EarningsEntry } from "./earnings.schema.ts";

/** The calendar covers the 7 days after the market's today. */
export const WINDOW_DAYS = 7;

/** The fiscal quarter a report on `date` most likely covers: the calendar quarter that ended before it. */
function reportedQuarter(date: string): { quarter: number; year: number } {
  const d = new Date(`${addDays(date, -40)}T00:00:00Z`);
  return { quarter: Math.floor(d.getUTCMonth() / 3) + 1, year: d.getUTCFullYear() };
}

/**
 * Each stored stock's report reactions and what the growth probability knows on the market's today; null without
 * market data. The bars start early enough (warmUpStart) that the reactions are the ones
 * scripts/evaluate-earnings.ts finds on the full history.
 */
export async function readReactionHistory(deps: AppDeps) {
  if (!hasMarketData(deps.market)) return null;
  const asOf = deps.market.marketToday();
  const { db } = deps.database;
  // A year back at least: next reports are estimated from the reactions of a year earlier.
  const from = addDays(asOf, -Math.max(GROWTH_HISTORY_DAYS, 372));
  const bySymbol = await universeSeries(
    db,
    warmUpStart(from),
    asOf,
    ["open", "close", "volume"],
    (date, v): DailyBar => ({ date, open: v[0]!, close: v[1]!, volume: v[2]! }),
  );
  bySymbol.delete(BENCHMARK);
  const reactions = universeReactions(bySymbol);
  const securities = new Map((await db.query.securities.findMany()).map((s) => [s.symbol, s]));
  const lastClose = new Map([...bySymbol].map(([symbol, bars]) => [symbol, bars.at(-1)!.close]));
  return { asOf, reactions, growth: growthHistoryAt(reactions, asOf), securities, lastClose };
}

export type Reactions = NonNullable<Awaited<ReturnType<typeof readReactionHistory>>>;

/**
 * The growth probability and the counts behind it for one stock, exactly as docs/earnings-model.md measures it:
 * the stock's rises after its past reports shrunk toward the universe's rate (GROWTH_HISTORY_DAYS, SHRINKAGE).
 */
export function growthOf(growth: GrowthHistory, symbol: string) {
  const own = growth.perSymbol.get(symbol) ?? { n: 0, ups: 0, meanMove: 0 };
  return {
    growthProbability: chancePercent(growthProbability(own, growth.baseRate)),
    reportsCounted: own.n,
    reportsRose: own.ups,
    universeRiseRate: growth.baseRate,
    own,
  };
}

/** What the tab shows in place of a target that did no better than the price of the day. */
export const NO_TARGET = "No target: our estimate did no better than today's price";

const percent = ratePercent;

/**
 * The target price as far as it measured up (docs/decisions/071-earnings-counts-and-target.md): none, with the
 * reason, unless it beat the price of the day out of sample; then the estimate with its measured error beside it.
 */
export function servedTarget(
  close: number | null,
  own: Pick<RiseCount, "n" | "meanMove">,
  evidence: EarningsEvidence = EARNINGS_EVIDENCE,
): { targetPrice: number | null; targetPriceNote: string } {
  if (!evidence.target.beatsToday) return { targetPrice: null, targetPriceNote: NO_TARGET };
  if (close === null)
    return { targetPrice: null, targetPriceNote: "No target: no price of the stock is known" };
  const { meanAbsoluteError, meanAbsoluteErrorToday, horizonSessions } = evidence.target;
  return {
    targetPrice: targetPriceEstimate(close, own),
    targetPriceNote:
      `Measured: off by ${percent(meanAbsoluteError)} on average ${horizonSessions} sessions after a report, ` +
      `against ${percent(meanAbsoluteErrorToday)} for the price of the day (${evidence.period.from.slice(0, 4)}-` +
      `${evidence.period.to.slice(0, 4)})`,
  };
}

/** What the answer says about how the estimated dates, the growth probability and the target price measured up. */
export function measuredSummary(evidence: EarningsEvidence = EARNINGS_EVIDENCE) {
  const { growth, target } = evidence;
  return {
    period: evidence.period,
    entries: growth.entries,
    dates: {
      entries: evidence.dates.entries,
      to: evidence.dates.to,
      withinOneSession: evidence.dates.withinOneSession,
      withinSevenSessions: evidence.dates.withinSevenSessions,
    },
    growth: { brier: growth.brier, brierBaseRate: growth.brierBaseRate, beatsBaseRate: growth.beatsBaseRate },
    target: {
      meanAbsoluteError: target.meanAbsoluteError,
      meanAbsoluteErrorToday: target.meanAbsoluteErrorToday,
      beatsToday: target.beatsToday,
    },
  };
}

/** Growth probability, its counts, target price and naming of one stock from its reaction history. */
function assess(history: Reactions, symbol: string, fallbackPrice: number | null) {
  const security = history.securities.get(symbol);
  const { own, ...growth } = growthOf(history.growth, symbol);
  return {
    companyName: security?.name ?? symbol,
    industry: security?.industry && security.industry !== "" ? security.industry : "N/A",
    ...growth,
    reportsSince: addDays(history.asOf, -GROWTH_HISTORY_DAYS),
    ...servedTarget(history.lastClose.get(symbol) ?? fallbackPrice, own),
  };
}

/** The demo market has no calendar: dates are estimated from each stock's report reaction a year earlier. */
function estimatedCalendar(asOf: string, history: Reactions): EarningsEntry[] {
  const entries: EarningsEntry[] = [];
  for (const [symbol, reactions] of history.reactions) {
    const next = nextReportEstimate(reactions, asOf, WINDOW_DAYS);
    if (!next) continue;
    entries.push({
      symbol,
      ...assess(history, symbol, null),
      ...reportedQuarter(next.date),
      date: next.date,
      time: "time not set",
      epsEstimate: null,
      revenueEstimate: null,
      estimated: true,
      growthMeasured: true,
      basis: `Estimated from the report reaction of ${calendarDay(next.basedOn)} (the busiest trading session of its quarter), a year later.`,
    });
  }
  return entries;
}

/** A live provider's calendar: real dates, times and estimates; growth probability from stored reactions. */
async function providerCalendar(
  deps: AppDeps,
  history: Reactions,
  events: NonNullable<Awaited<ReturnType<NonNullable<MarketPort["earnings"]>>>>,
): Promise<EarningsEntry[]> {
  const prices = await deps.market.latestPrices(events.map((e) => e.symbol));
  return events.map((event) => ({
    symbol: event.symbol,
    ...assess(history, event.symbol, prices.get(event.symbol)?.price ?? null),
    quarter: event.quarter,
    year: event.year,
    date: event.date,
    time: event.time,
    epsEstimate: event.epsEstimate,
    revenueEstimate: event.revenueEstimate,
    estimated: false,
    // Measured only on the demo calendar's estimated dates (docs/earnings-model.md); a provider's are not.
    growthMeasured: false,
    basis: `Date and estimates from ${deps.market.source}'s earnings calendar; the growth probability was measured on estimated dates only.`,
  }));
}

/**
 * Earnings expected in the 7 days after the market's today (estimated in the demo market), from the reaction
 * history as of that day (readReactionHistory, which the route keeps).
 */
export async function earningsCalendar(deps: AppDeps, history: Reactions | null) {
  if (!history || !hasMarketData(deps.market))
    return { earnings: [], count: 0, from: "", to: "", measured: measuredSummary() };
  const asOf = deps.market.marketToday();
  const window = { from: addDays(asOf, 1), to: addDays(asOf, WINDOW_DAYS) };
  const events = await deps.market.earnings?.(window.from, window.to);
  const entries = events ? await providerCalendar(deps, history, events) : estimatedCalendar(asOf, history);
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
  return { earnings: entries, count: entries.length, ...window, measured: measuredSummary() };
}
