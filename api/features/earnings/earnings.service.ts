import {
  detectReactions,
  nextReportEstimate,
  reactionStats,
  shrunkProbability,
} from "../../analysis/earnings-events.ts";
import type { AppDeps } from "../../lib/context.ts";
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

// The demo market is frozen, so a calendar computed for a date never changes: keep it per database and date.
const cache = new WeakMap<object, Map<string, Promise<EarningsEntry[]>>>();

async function computeCalendar(deps: AppDeps, asOf: string): Promise<EarningsEntry[]> {
  const { db } = deps.database;
  const rows = await universeBars(db, addDays(asOf, -HISTORY_DAYS), asOf);
  const bySymbol = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = bySymbol.get(row.symbol) ?? [];
    list.push(row);
    bySymbol.set(row.symbol, list);
  }
  const securities = new Map((await db.query.securities.findMany()).map((s) => [s.symbol, s]));
  // Universe base rate of a rise after reports, from every stock's past reactions.
  const perSymbol = [...bySymbol.entries()]
    .filter(([symbol]) => symbol !== BENCHMARK)
    .map(([symbol, bars]) => {
      const reactions = detectReactions(bars);
      return { symbol, bars, reactions, stats: reactionStats(bars, reactions) };
    });
  const totals = perSymbol.reduce((t, s) => ({ n: t.n + s.stats.n, ups: t.ups + s.stats.ups }), {
    n: 0,
    ups: 0,
  });
  const baseRate = totals.n ? totals.ups / totals.n : 0.5;

  const entries: EarningsEntry[] = [];
  for (const { symbol, bars, reactions, stats } of perSymbol) {
    const next = nextReportEstimate(bars, reactions, asOf, WINDOW_DAYS);
    if (!next) continue;
    const security = securities.get(symbol);
    const last = bars.at(-1)!;
    const p = shrunkProbability(stats, baseRate);
    entries.push({
      symbol,
      companyName: security?.name ?? symbol,
      industry: security?.industry && security.industry !== "" ? security.industry : "N/A",
      ...reportedQuarter(next.date),
      date: next.date,
      time: "time not set",
      growthProbability: Math.round(p * 100),
      targetPrice: Number(
        (last.close * (1 + (stats.n ? stats.meanMove * (stats.n / (stats.n + 8)) : 0))).toFixed(2),
      ),
      epsEstimate: null,
      revenueEstimate: null,
      estimated: true,
      basis:
        `Estimated from the report reaction of ${next.basedOn} (volume spike with a price gap), a year later; ` +
        `${stats.ups} of ${stats.n} past reactions rose over 5 sessions.`,
    });
  }
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
}

/** Earnings expected in the 7 days after the market's today (estimated in the demo market). */
export async function earningsCalendar(deps: AppDeps) {
  const asOf = deps.market?.marketToday();
  if (!asOf) return { earnings: [], count: 0, from: "", to: "" };
  let byDate = cache.get(deps.database.db);
  if (!byDate) {
    byDate = new Map();
    cache.set(deps.database.db, byDate);
  }
  let calendar = byDate.get(asOf);
  if (!calendar) {
    calendar = computeCalendar(deps, asOf);
    byDate.set(asOf, calendar);
    calendar.catch(() => byDate?.delete(asOf));
  }
  const earnings = await calendar;
  return { earnings, count: earnings.length, from: addDays(asOf, 1), to: addDays(asOf, WINDOW_DAYS) };
}
