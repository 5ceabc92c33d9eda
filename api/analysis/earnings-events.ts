// Earnings report days are not in the demo market's data, so they are estimated from the prices themselves:
// a report shows up as the busiest session of its quarter, its volume well above the stock's usual and above what
// the whole market traded that day. Everything here reads only sessions on or before the date it is asked about:
// a reaction counts only once the sessions that confirm it have happened. See docs/decisions/014-earnings-probability.md.

import { addDays, daysBetween } from "../lib/calendar-days.ts";
import { cents } from "../lib/format.ts";
import { addTradingSessions, sessionOnOrAfter } from "../lib/trading-calendar.ts";

export interface DailyBar {
  date: string;
  open: number;
  close: number;
  volume: number;
}

/** A reaction's volume is at least this many times the stock's trailing median... */
export const RELATIVE_VOLUME = 1.5;
/** ...and at least this many times that, once divided by the market's median relative volume of the day... */
export const MARKET_RELATIVE_VOLUME = 1.8;
/** ...and it is the highest such volume within this many sessions either side (about a quarter in all). */
export const PEAK_SESSIONS = 30;
/** Sessions of the trailing median. */
export const TRAILING = 60;
/** Below this many stocks on a day, the market's median is not used (a handful of stocks is not a market). */
const MIN_MARKET_STOCKS = 20;
/** Sessions after the reaction whose close decides whether the stock rose. */
export const OUTCOME_SESSIONS = 5;

function insertSorted(xs: number[], x: number) {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  xs.splice(lo, 0, x);
}

/** Each session's volume over the median of the 60 sessions before it (NaN for the first 60 or a zero median). */
export function relativeVolumes(bars: readonly DailyBar[]): number[] {
  const out = new Array<number>(bars.length).fill(Number.NaN);
  const window: number[] = [];
  for (let i = 0; i < bars.length; i++) {
    if (i >= TRAILING) {
      const median = (window[TRAILING / 2 - 1]! + window[TRAILING / 2]!) / 2;
      if (median > 0) out[i] = bars[i]!.volume / median;
      window.splice(window.indexOf(bars[i - TRAILING]!.volume), 1);
    }
    insertSorted(window, bars[i]!.volume);
  }
  return out;
}

/** The universe's median relative volume per date, where enough stocks traded (index rebalances, half days). */
export function marketVolume(relative: Iterable<{ bars: readonly DailyBar[]; rv: readonly number[] }>) {
  const byDate = new Map<string, number[]>();
  for (const { bars, rv } of relative) {
    bars.forEach((bar, i) => {
      const r = rv[i]!;
      if (!Number.isFinite(r)) return;
      const list = byDate.get(bar.date);
      if (list) list.push(r);
      else byDate.set(bar.date, [r]);
    });
  }
  const out = new Map<string, number>();
  for (const [date, list] of byDate) {
    if (list.length < MIN_MARKET_STOCKS) continue;
    list.sort((a, b) => a - b);
    const mid = list.length >> 1;
    out.set(date, list.length % 2 ? list[mid]! : (list[mid - 1]! + list[mid]!) / 2);
  }
  return out;
}

/**
 * Indexes of the sessions that look like earnings reactions, oldest first. Only confirmed ones: a session needs
 * PEAK_SESSIONS sessions after it, so the answer on bars cut at any date is the full answer up to that date's
 * confirmations (asserted in the tests), which is what lets the evaluation score exactly what is served.
 */
export function detectReactions(
  bars: readonly DailyBar[],
  market: ReadonlyMap<string, number> = new Map(),
  rv: readonly number[] = relativeVolumes(bars),
): number[] {
  const abnormal = rv.map((r, i) => r / (market.get(bars[i]!.date) ?? 1));
  const found: number[] = [];
  for (let i = TRAILING; i + PEAK_SESSIONS < bars.length; i++) {
    const a = abnormal[i]!;
    if (!(rv[i]! >= RELATIVE_VOLUME && a >= MARKET_RELATIVE_VOLUME)) continue;
    let peak = true;
    for (let k = i - PEAK_SESSIONS; k <= i + PEAK_SESSIONS && peak; k++) {
      // Ties go to the earlier session, so a plateau yields one reaction.
      if (k !== i && k >= 0 && (abnormal[k]! > a || (k < i && abnormal[k] === a))) peak = false;
    }
    if (peak) found.push(i);
  }
  return found;
}

/** A detected reaction with its outcome: the close 5 sessions after against the close the session before. */
export interface Reaction {
  date: string;
  /** The session from which the reaction counts (its peak confirmed and its outcome known). */
  known: string;
  move: number;
  /** Opening gap of the reaction session against the previous close. */
  gap: number;
}

/** The reactions of every stock of a universe (the benchmark left out by the caller), with their outcomes. */
export function universeReactions(
  universe: ReadonlyMap<string, readonly DailyBar[]>,
): Map<string, Reaction[]> {
  const relative = [...universe.entries()].map(([symbol, bars]) => ({
    symbol,
    bars,
    rv: relativeVolumes(bars),
  }));
  const market = marketVolume(relative);
  return new Map(
    relative.map(({ symbol, bars, rv }) => [
      symbol,
      detectReactions(bars, market, rv)
        .filter((i) => i >= 1)
        .map((i) => ({
          date: bars[i]!.date,
          known: bars[i + PEAK_SESSIONS]!.date,
          move: bars[i + OUTCOME_SESSIONS]!.close / bars[i - 1]!.close - 1,
          gap: bars[i]!.open / bars[i - 1]!.close - 1,
        })),
    ]),
  );
}

/** Past reactions counted by the growth probability: this many days before the market date... */
export const GROWTH_HISTORY_DAYS = 3 * 365;
/** ...shrunk toward the universe's rate with this many pseudo-reactions. Both chosen on 2015-2021 only. */
export const SHRINKAGE = 128;

export interface RiseCount {
  /** Reactions counted. */
  n: number;
  /** Of them, how many closed higher 5 sessions after the reaction than the session before it. */
  ups: number;
  /** Mean of those 5-session moves. */
  meanMove: number;
}

export interface GrowthHistory {
  perSymbol: Map<string, RiseCount>;
  universe: RiseCount;
  /** The universe's share of rises (0.5 with no reactions at all). */
  baseRate: number;
}

/** The first index at which `past` holds, for a predicate false then true along the list (its length if never). */
function firstIndex<T>(list: readonly T[], past: (x: T) => boolean) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (past(list[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function count(reactions: readonly Reaction[]): RiseCount {
  const ups = reactions.filter((r) => r.move > 0).length;
  const total = reactions.reduce((a, r) => a + r.move, 0);
  return { n: reactions.length, ups, meanMove: reactions.length ? total / reactions.length : 0 };
}

/**
 * What the growth probability knows on `asOf`: each stock's reactions of the last GROWTH_HISTORY_DAYS that were
 * known by then, and the universe's rate over the same reactions. The calendar and the evaluation both call this.
 */
export function growthHistoryAt(
  reactions: ReadonlyMap<string, readonly Reaction[]>,
  asOf: string,
  historyDays = GROWTH_HISTORY_DAYS,
): GrowthHistory {
  const from = addDays(asOf, -historyDays);
  const perSymbol = new Map<string, RiseCount>();
  const all: Reaction[] = [];
  for (const [symbol, list] of reactions) {
    // Reactions come in date order and each is known a fixed number of sessions on, so the counted ones are one
    // run: found by bisection (the evaluation asks this on every session of ten years).
    const counted = list.slice(
      firstIndex(list, (r) => r.date >= from),
      firstIndex(list, (r) => r.known > asOf),
    );
    perSymbol.set(symbol, count(counted));
    all.push(...counted);
  }
  const universe = count(all);
  return { perSymbol, universe, baseRate: universe.n ? universe.ups / universe.n : 0.5 };
}

/** The stock's own share of rises shrunk toward the universe's: (ups + k * base) / (n + k). */
export function growthProbability(
  own: Pick<RiseCount, "n" | "ups">,
  baseRate: number,
  k = SHRINKAGE,
): number {
  return (own.ups + k * baseRate) / (own.n + k);
}

/** Pseudo-reactions of no move that shrink the stock's mean post-report move in the target price. */
export const TARGET_SHRINKAGE = 8;

/**
 * The earnings target price: the close on the market's day moved by the stock's mean 5-session post-report move
 * over the counted reactions, shrunk toward no move. Measured against that close alone in docs/earnings-model.md;
 * served only if it beats it (api/analysis/earnings-evidence.ts).
 */
export function targetPriceEstimate(close: number, own: Pick<RiseCount, "n" | "meanMove">): number {
  const move = own.n ? own.meanMove * (own.n / (own.n + TARGET_SHRINKAGE)) : 0;
  return cents(close * (1 + move));
}

/** Sessions to spare before the warm-up, for a stock's missing bars (a halt) inside it. */
const WARM_UP_SPARE = 10;

/** Where a bars history must start so that reactions from `from` on are the same as with the full history. */
export const warmUpStart = (from: string) =>
  addTradingSessions(from, -(TRAILING + PEAK_SESSIONS + WARM_UP_SPARE));

/**
 * The next report reaction expected after `asOf`: the reaction of about a year earlier, moved forward 364 days
 * (the same weekday), or to the next session when the exchange is closed that day (a reaction on Friday
 * 2022-04-08 comes out on Monday 2023-04-10, not on Good Friday). Null when there was none near that week.
 */
export function nextReportEstimate(
  reactions: readonly Pick<Reaction, "date">[],
  asOf: string,
  horizonDays: number,
) {
  // ISO dates compare as strings: after asOf and no later than horizonDays on.
  const until = addDays(asOf, horizonDays);
  for (const { date } of reactions) {
    const candidate = yearLater(date);
    if (candidate > asOf && candidate <= until) return { date: candidate, basedOn: date };
  }
  return null;
}

// The evaluation asks this of every stock on every session of ten years: each reaction's answer is kept.
const yearLaterOf = new Map<string, string>();
function yearLater(date: string) {
  let later = yearLaterOf.get(date);
  if (later === undefined) {
    later = sessionOnOrAfter(addDays(date, 364));
    yearLaterOf.set(date, later);
  }
  return later;
}

/** A real report: its date, and whether it came after the close (then the market reacts the next session). */
export interface RealReport {
  date: string;
  afterClose: boolean;
}

export interface DetectionAccuracy {
  /** Real reports inside the sessions given. */
  reports: number;
  /** Of them, those with a detected reaction within one session of the reaction day. */
  found: number;
  /** Detections within 45 days of a real report (where the real dates say what happened). */
  detections: number;
  /** Of them, those within one session of that report's reaction day. */
  correct: number;
}

/**
 * Recall and precision of detected reactions against real report dates. The reaction day is the first session
 * on or after the report (the next one after an after-close report); a match is within one session of it, so a
 * report of unknown time matches a reaction on its day or the next. Precision counts only detections within 45
 * days of a real report: sources with a few dates say nothing about the rest of the series.
 */
export function detectionAccuracy(
  sessions: readonly string[],
  detected: readonly string[],
  reports: readonly RealReport[],
): DetectionAccuracy {
  const index = new Map(sessions.map((d, i) => [d, i]));
  const reactionDays = reports
    .filter((r) => r.date >= sessions[0]! && r.date <= sessions.at(-1)!)
    .map((r) => {
      const i = sessions.findIndex((d) => (r.afterClose ? d > r.date : d >= r.date));
      return { date: r.date, i };
    })
    .filter((r) => r.i >= 0);
  const near = (d: string, i: number) =>
    reactionDays.some((r) => Math.abs(r.i - i) <= 1 && Math.abs(daysBetween(r.date, d)) <= 45);
  const detectedIdx = detected.map((d) => ({ d, i: index.get(d) ?? -1 })).filter((x) => x.i >= 0);
  const inRange = detectedIdx.filter(({ d }) =>
    reactionDays.some((r) => Math.abs(daysBetween(r.date, d)) <= 45),
  );
  return {
    reports: reactionDays.length,
    found: reactionDays.filter((r) => detectedIdx.some((x) => Math.abs(x.i - r.i) <= 1)).length,
    detections: inRange.length,
    correct: inRange.filter(({ d, i }) => near(d, i)).length,
  };
}

/** Inputs of the trained comparison model (docs/earnings-model.md), in the order of its weights. */
export const EARNINGS_FEATURES = [
  "own_rate",
  "own_count",
  "own_mean_move",
  "ret_1m",
  "vol_60d",
  "market_ret_1m",
] as const;

/** Features of a coming report from sessions up to `j` (the market's today), given what growthHistoryAt knows. */
export function earningsFeatures(
  bars: readonly DailyBar[],
  j: number,
  prior: RiseCount,
  baseRate: number,
  benchmark: ReadonlyMap<string, number>,
): number[] | null {
  if (j < 61) return null;
  const closes = bars.slice(j - 60, j + 1).map((b) => b.close);
  const logs = closes.slice(1).map((c, k) => Math.log(c / closes[k]!));
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const vol = Math.sqrt(logs.reduce((a, r) => a + (r - mean) ** 2, 0) / (logs.length - 1)) * Math.sqrt(252);
  const benchNow = benchmark.get(bars[j]!.date);
  const benchThen = benchmark.get(bars[j - 21]!.date);
  return [
    growthProbability(prior, baseRate),
    Math.log1p(prior.n),
    prior.n ? prior.meanMove * (prior.n / (prior.n + 8)) : 0,
    bars[j]!.close / bars[j - 21]!.close - 1,
    vol,
    benchNow && benchThen ? benchNow / benchThen - 1 : 0,
  ];
}
