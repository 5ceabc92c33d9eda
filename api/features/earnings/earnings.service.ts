import {
  detectReactions,
  nextReportEstimate,
  reactionStats,
  shrunkProbability,
} from "../../analysis/earnings-events.ts";
import type { AppDeps } from "../../lib/context.ts";
import type { MarketPort } from "../../lib/market-port.ts";
import { BENCHMARK } from "../../market/demo-import.ts";
import { universeBars } from "../../market/price-history.ts";
import type { EarningsEntry } from "./earnings.schema.ts";

/** The calendar covers the next 7 days (spec section 9). */
export const WINDOW_DAYS = 7;
/** Reactions are looked for in this much history before the market date. */
const HISTORY_DAYS = 3 * 365;

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The fiscal quarter a report on `date` most likely covers: the calendar quarter that ended before it. */
function reportedQuarter(date: string): { quarter: number; year: number } {
  const d = new Date(`${addDays(date, -40)}T00:00:00Z`);
  return { quarter: Math.floor(d.getUTCMonth() / 3) + 1, year: d.getUTCFullYear() };
}

/**
 * One computation per database for the market's current date, shared by concurrent requests; a new date replaces
 * it, and a failed one is forgotten so the next request tries again.
 */
function perDay<T>(): (deps: AppDeps, asOf: string, compute: () => Promise<T>) => Promise<T> {
  const store = new WeakMap<object, { asOf: string; value: Promise<T> }>();
  return (deps, asOf, compute) => {
    const key = deps.database.db;
    const kept = store.get(key);
    if (kept?.asOf === asOf) return kept.value;
    const value = compute();
    store.set(key, { asOf, value });
    value.catch(() => {
      if (store.get(key)?.value === value) store.delete(key);
    });
    return value;
  };
}

// Reading three years of every stored stock's bars is the expensive part: once a day is enough for past reactions.
const reactionsOfDay = perDay<Reactions>();
// The demo market is frozen, so its whole calendar for a date never changes.
const demoCalendarOfDay = perDay<EarningsEntry[]>();

const reactionHistory = (deps: AppDeps, asOf: string) =>
  reactionsOfDay(deps, asOf, () => readReactionHistory(deps, asOf));

/** Each stored stock's past report reactions over the last three years, and the universe's rate of a rise. */
async function readReactionHistory(deps: AppDeps, asOf: string) {
  const { db } = deps.database;
  const rows = await universeBars(db, addDays(asOf, -HISTORY_DAYS), asOf);
  const bySymbol = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = bySymbol.get(row.symbol) ?? [];
    list.push(row);
    bySymbol.set(row.symbol, list);
  }
  const securities = new Map((await db.query.securities.findMany()).map((s) => [s.symbol, s]));
  const perSymbol = new Map(
    [...bySymbol.entries()]
      .filter(([symbol]) => symbol !== BENCHMARK)
      .map(([symbol, bars]) => {
        const reactions = detectReactions(bars);
        return [symbol, { bars, reactions, stats: reactionStats(bars, reactions) }] as const;
      }),
  );
  const totals = [...perSymbol.values()].reduce(
    (t, s) => ({ n: t.n + s.stats.n, ups: t.ups + s.stats.ups }),
    { n: 0, ups: 0 },
  );
  return { perSymbol, securities, baseRate: totals.n ? totals.ups / totals.n : 0.5 };
}

type Reactions = Awaited<ReturnType<typeof readReactionHistory>>;

/** Growth probability, target price and naming of one stock from its reaction history (when there is one). */
function assess(history: Reactions, symbol: string, fallbackPrice: number | null) {
  const known = history.perSymbol.get(symbol);
  const security = history.securities.get(symbol);
  const stats = known?.stats ?? { n: 0, ups: 0, meanMove: 0 };
  const close = known?.bars.at(-1)?.close ?? fallbackPrice;
  return {
    companyName: security?.name ?? symbol,
    industry: security?.industry && security.industry !== "" ? security.industry : "N/A",
    growthProbability: Math.round(shrunkProbability(stats, history.baseRate) * 100),
    targetPrice:
      close === null
        ? null
        : Number((close * (1 + (stats.n ? stats.meanMove * (stats.n / (stats.n + 8)) : 0))).toFixed(2)),
    stats,
  };
}

const reactionNote = (stats: { n: number; ups: number }) =>
  stats.n
    ? `${stats.ups} of ${stats.n} past reactions rose over 5 sessions.`
    : "No stored report reactions for this stock: the growth probability is the universe's rate.";

/** The demo market has no calendar: dates are estimated from each stock's report reaction a year earlier. */
async function estimatedCalendar(deps: AppDeps, asOf: string): Promise<EarningsEntry[]> {
  const history = await reactionHistory(deps, asOf);
  const entries: EarningsEntry[] = [];
  for (const [symbol, { bars, reactions }] of history.perSymbol) {
    const next = nextReportEstimate(bars, reactions, asOf, WINDOW_DAYS);
    if (!next) continue;
    const { stats, ...assessed } = assess(history, symbol, null);
    entries.push({
      symbol,
      ...assessed,
      ...reportedQuarter(next.date),
      date: next.date,
      time: "time not set",
      epsEstimate: null,
      revenueEstimate: null,
      estimated: true,
      basis: `Estimated from the report reaction of ${next.basedOn} (volume spike with a price gap), a year later; ${reactionNote(stats)}`,
    });
  }
  return entries;
}

/** A live provider's calendar: real dates, times and estimates; growth probability from stored reactions. */
async function providerCalendar(
  deps: AppDeps,
  asOf: string,
  events: NonNullable<Awaited<ReturnType<NonNullable<MarketPort["earnings"]>>>>,
): Promise<EarningsEntry[]> {
  const history = await reactionHistory(deps, asOf);
  const prices = (await deps.market?.latestPrices(events.map((e) => e.symbol))) ?? new Map();
  return events.map((event) => {
    const { stats, ...assessed } = assess(history, event.symbol, prices.get(event.symbol)?.price ?? null);
    return {
      symbol: event.symbol,
      ...assessed,
      quarter: event.quarter,
      year: event.year,
      date: event.date,
      time: event.time,
      epsEstimate: event.epsEstimate,
      revenueEstimate: event.revenueEstimate,
      estimated: false,
      basis: `Date and estimates from ${deps.market?.source}'s earnings calendar; ${reactionNote(stats)}`,
    };
  });
}

async function computeCalendar(deps: AppDeps, asOf: string): Promise<EarningsEntry[]> {
  const events = await deps.market?.earnings?.(addDays(asOf, 1), addDays(asOf, WINDOW_DAYS));
  const entries = events ? await providerCalendar(deps, asOf, events) : await estimatedCalendar(deps, asOf);
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
}

/** Earnings expected in the 7 days after the market's today (estimated in the demo market). */
export async function earningsCalendar(deps: AppDeps) {
  const asOf = deps.market?.marketToday();
  if (!asOf) return { earnings: [], count: 0, from: "", to: "" };
  const window = { from: addDays(asOf, 1), to: addDays(asOf, WINDOW_DAYS) };
  const earnings =
    deps.market?.source === "demo"
      ? await demoCalendarOfDay(deps, asOf, () => computeCalendar(deps, asOf))
      : // A live market moves: its events come from the provider's cache each time.
        await computeCalendar(deps, asOf);
  return { earnings, count: earnings.length, ...window };
}
