// The track record: how each recommendation turned out, scored on what its card states, against that date's index
// members and against random members of the same risk (docs/decisions/069-track-record-baselines.md). Pure functions
// over prices, so they are tested on hand-made series and reused by the API and scripts.

import { type Call as CallKind, statedEventOf } from "../../analysis/calls.ts";
import { neweyWestVariance } from "../../lib/newey-west.ts";

/** The event a call's probability states: its total return beats, or trails, the universe's median. */
export type StatedEvent = "beats-median" | "trails-median";

/**
 * The event a call states: by its call and decile as the model states it (api/analysis/calls.ts, decision 126), so
 * every HOLD states "beats the median". Without a decile (posted by an admin, or before the ranking model) a SELL
 * states "trails", anything else "beats": an admin's call is a buy with a target above the price.
 */
export function statedEvent(decile: number | null, call: string | null): StatedEvent {
  if (decile === null || call === null) return call === "SELL" ? "trails-median" : "beats-median";
  return statedEventOf(decile, call as CallKind) === "trail" ? "trails-median" : "beats-median";
}

/** Where the stock's daily highs stood against the target, from the sessions after the recommendation date. */
export interface TargetTouch {
  /** The first session, on or before the target date and as-of, whose high reached the target. */
  reachedOn: string | null;
  /** The last session with the stock's prices, on or before the target date and as-of. */
  lastSeen: string | null;
}

export interface Call {
  symbol: string;
  recommendationDate: string;
  estimatedDate: string;
  event: StatedEvent;
}

export type OutcomeStatus = "open" | "hit" | "missed";

export interface Outcome {
  /** Target price: hit when a day's high reached it on or before the target date, missed once that passed. */
  status: OutcomeStatus;
  /** The first session whose high reached the target on or before the target date. */
  targetReachedOn: string | null;
  /**
   * The session returns are measured to: the target date's (the last session on or before it) once it has
   * passed, else the last session seen; null before any session after the recommendation date.
   */
  exitDate: string | null;
  /** The stock's total return (adjusted closes) from the recommendation date's close to exitDate's close. */
  realisedReturn: number | null;
  /** The median total return of the universe's stocks over the same sessions. */
  universeMedianReturn: number | null;
  /** The universe's equal-weighted average total return over the same sessions. */
  universeMeanReturn: number | null;
  statedEvent: StatedEvent;
  /**
   * Whether the stated event happened over the whole horizon (recommendation date to target date, close to
   * close, total returns): what the probability on the card states. Null until the target date has passed.
   */
  eventHappened: boolean | null;
}

/** Adjusted closes by session date, then by symbol. */
export type ClosesByDate = ReadonlyMap<string, ReadonlyMap<string, number>>;

export interface UniverseWindow {
  median: number;
  mean: number;
  /** Stocks with a close on both sessions. */
  size: number;
}

export interface Universe {
  /** The last session on or before `date`, or null before the first. */
  sessionOnOrBefore(date: string): string | null;
  /** Total return of one symbol between two sessions' closes, or null without both closes. */
  returnOf(symbol: string, start: string, end: string): number | null;
  /**
   * Median and average total return between two sessions of the stocks that were index members on `memberDate`
   * (the recommendation date; `start` when left out), computed once per date and window.
   */
  window(start: string, end: string, memberDate?: string): UniverseWindow | null;
  /**
   * The same-risk baseline of one window: the members of `memberDate` in the given volatility fifth with a return
   * over the window, and how many of them beat or trailed the median. Null without daily closes to rank by.
   */
  fifthOutcomes(start: string, end: string, memberDate: string, fifth: number): FifthOutcomes | null;
  /** A symbol's 60-session volatility fifth among `memberDate`'s members, as of `start`; null without 60 sessions. */
  fifthOf(symbol: string, start: string, memberDate: string): number | null;
}

/** How the members of one volatility fifth did over a window against the median member. */
export interface FifthOutcomes {
  size: number;
  beat: number;
  trailed: number;
}

/** The stocks a date's universe holds: that date's index members among the stocks with prices. */
export type MembersOn = (date: string) => readonly string[];

export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Sessions of daily log returns the volatility that forms the fifths is measured on (as the engine's vol_60d). */
export const VOLATILITY_SESSIONS = 60;

/**
 * Annualised standard deviation of the last `VOLATILITY_SESSIONS` daily log returns of a series up to and including
 * `date`; null with fewer closes than that.
 */
export function volatilityAsOf(series: CloseSeries, date: string): number | null {
  const end = firstAfter(series.dates, date) - 1;
  const from = end - VOLATILITY_SESSIONS;
  if (from < 0) return null;
  const r: number[] = [];
  for (let i = from + 1; i <= end; i++) {
    const a = series.closes[i - 1]!;
    const b = series.closes[i]!;
    if (!(a > 0 && b > 0)) return null;
    r.push(Math.log(b / a));
  }
  const m = mean(r)!;
  const variance = r.reduce((x, v) => x + (v - m) ** 2, 0) / (r.length - 1);
  return Math.sqrt(variance * 252);
}

/**
 * The universe a call is measured against: `sessions` is the trading calendar (sorted), `closes` the adjusted
 * closes on the sessions needed, `members` the stocks whose median is the comparison line: a list, or each date's
 * index members. `daily` (every session's closes, from at least 60 sessions before the first call) ranks the members
 * by volatility for the same-risk baseline; without it there is none.
 */
export function createUniverse(
  sessions: readonly string[],
  closes: ClosesByDate,
  members: readonly string[] | MembersOn,
  daily?: DailyCloses,
): Universe {
  const membersOn: MembersOn = typeof members === "function" ? members : () => members;
  const windows = new Map<string, UniverseWindow | null>();
  const fifths = new Map<string, { sorted: number[]; bySymbol: Map<string, number> } | null>();
  const outcomes = new Map<string, Map<number, FifthOutcomes> | null>();
  const returnOf = (symbol: string, start: string, end: string) => {
    const a = closes.get(start)?.get(symbol);
    const b = closes.get(end)?.get(symbol);
    return a !== undefined && b !== undefined && a > 0 ? b / a - 1 : null;
  };
  const window = (start: string, end: string, memberDate = start) => {
    const key = `${memberDate}/${start}/${end}`;
    if (!windows.has(key)) {
      const returns = membersOn(memberDate)
        .map((s) => returnOf(s, start, end))
        .filter((r): r is number => r !== null);
      windows.set(
        key,
        returns.length ? { median: median(returns)!, mean: mean(returns)!, size: returns.length } : null,
      );
    }
    return windows.get(key)!;
  };
  // The members' volatilities as of `start`, sorted, for the fifths' breakpoints.
  const volatilities = (start: string, memberDate: string) => {
    const key = `${memberDate}/${start}`;
    if (!fifths.has(key)) {
      const bySymbol = new Map<string, number>();
      for (const symbol of membersOn(memberDate)) {
        const series = daily?.get(symbol);
        const v = series ? volatilityAsOf(series, start) : null;
        if (v !== null) bySymbol.set(symbol, v);
      }
      fifths.set(
        key,
        bySymbol.size ? { sorted: [...bySymbol.values()].sort((a, b) => a - b), bySymbol } : null,
      );
    }
    return fifths.get(key)!;
  };
  // Fifth 1 is the calmest: a volatility's place among the members' (ties share the lower place).
  const fifthOfVolatility = (sorted: readonly number[], v: number) =>
    Math.min(5, Math.floor((5 * firstAtOrAbove(sorted, v)) / sorted.length) + 1);
  return {
    sessionOnOrBefore(date) {
      const i = firstAfter(sessions, date);
      return i ? sessions[i - 1]! : null;
    },
    returnOf,
    window,
    fifthOf(symbol, start, memberDate) {
      const vols = daily ? volatilities(start, memberDate) : null;
      if (!vols) return null;
      const own = vols.bySymbol.get(symbol);
      const series = own === undefined ? daily?.get(symbol) : undefined;
      const v = own ?? (series ? volatilityAsOf(series, start) : null);
      return v === null ? null : fifthOfVolatility(vols.sorted, v);
    },
    fifthOutcomes(start, end, memberDate, fifth) {
      const key = `${memberDate}/${start}/${end}`;
      if (!outcomes.has(key)) {
        const vols = daily ? volatilities(start, memberDate) : null;
        const line = window(start, end, memberDate);
        let byFifth: Map<number, FifthOutcomes> | null = null;
        if (vols && line) {
          byFifth = new Map();
          for (const [symbol, v] of vols.bySymbol) {
            const r = returnOf(symbol, start, end);
            if (r === null) continue;
            const f = fifthOfVolatility(vols.sorted, v);
            const o = byFifth.get(f) ?? { size: 0, beat: 0, trailed: 0 };
            o.size++;
            if (r > line.median) o.beat++;
            if (r < line.median) o.trailed++;
            byFifth.set(f, o);
          }
        }
        outcomes.set(key, byFifth);
      }
      return outcomes.get(key)?.get(fifth) ?? null;
    },
  };
}

/** The first index whose value is at or above `v` in an ascending list. */
function firstAtOrAbove(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Scores one call as of `asOf` (the last date whose prices are known). `target` says when the stock's high first
 * reached the target (a target first reached after the target date counts as missed).
 */
export function computeOutcome(call: Call, target: TargetTouch, universe: Universe, asOf: string): Outcome {
  const targetDatePassed = asOf >= call.estimatedDate;
  const start = universe.sessionOnOrBefore(call.recommendationDate);
  const lastSession = universe.sessionOnOrBefore(targetDatePassed ? call.estimatedDate : asOf);
  const end = start && lastSession && lastSession > start ? lastSession : null;
  const status: OutcomeStatus = target.reachedOn
    ? "hit"
    : targetDatePassed && target.lastSeen
      ? "missed"
      : "open";
  const realisedReturn = start && end ? universe.returnOf(call.symbol, start, end) : null;
  const line = start && end ? universe.window(start, end, call.recommendationDate) : null;
  let eventHappened: boolean | null = null;
  if (targetDatePassed && realisedReturn !== null && line)
    eventHappened =
      call.event === "beats-median" ? realisedReturn > line.median : realisedReturn < line.median;
  return {
    status,
    targetReachedOn: target.reachedOn,
    exitDate: end,
    realisedReturn,
    universeMedianReturn: line?.median ?? null,
    universeMeanReturn: line?.mean ?? null,
    statedEvent: call.event,
    eventHappened,
  };
}

/**
 * The same-risk baseline of one resolved call: how often the members of its date in its stock's volatility fifth (60
 * sessions as of the recommendation date, fifths formed among that date's members) did the event the call states,
 * over the same sessions. Null until the target date has passed, or without a volatility for the stock.
 */
export function baselineRate(call: Call, universe: Universe, asOf: string): number | null {
  if (asOf < call.estimatedDate) return null;
  const start = universe.sessionOnOrBefore(call.recommendationDate);
  const end = universe.sessionOnOrBefore(call.estimatedDate);
  if (!start || !end || end <= start) return null;
  const fifth = universe.fifthOf(call.symbol, start, call.recommendationDate);
  const peers = fifth === null ? null : universe.fifthOutcomes(start, end, call.recommendationDate, fifth);
  if (!peers?.size) return null;
  return (call.event === "beats-median" ? peers.beat : peers.trailed) / peers.size;
}

/** A 95% Wilson score interval of a rate of `k` in `n`; null when n is 0. */
export function wilsonInterval(k: number, n: number, z = 1.959964): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface ScoredCall {
  recommendationDate: string;
  /** model: the ranking model's call; admin: an editor's pick, kept out of every model figure. */
  source: "model" | "admin";
  /**
   * live: made on its own date; simulated: made later for a past date. The two are never pooled
   * (docs/decisions/109-simulated-and-live-calls.md).
   */
  provenance: "live" | "simulated";
  /** The model's call (BUY, SELL, HOLD, WATCH); null for editor's picks and calls made before the ranking model. */
  call: string | null;
  confidence: number;
  /** The calibrated probability of the stated event; null for editor's picks (no calibration rows). */
  probability: number | null;
  decile: number | null;
  outcome: Outcome;
  /** The call's same-risk baseline (baselineRate); null while open or without a volatility for its stock. */
  baseline: number | null;
}

/** A rate with its 95% interval and, beside it, the same-risk baseline and the difference's 95% interval. */
export interface RateAgainstBaseline {
  rate: number | null;
  low: number | null;
  high: number | null;
  baseline: number | null;
  difference: number | null;
  differenceLow: number | null;
  differenceHigh: number | null;
}

/** One recommendation date's resolved calls: how many, how many did their event, and their baselines' sum. */
interface DateGroup {
  date: string;
  n: number;
  k: number;
  /** Calls with a baseline, how many of them did their event, and the sum of their baselines. */
  nb: number;
  kb: number;
  b: number;
}

const Z95 = 1.959964;

/** Two-sided 97.5% quantiles of Student's t for 1-30 degrees of freedom (the normal's beyond). */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 97.5% quantile of Student's t with `df` degrees of freedom. */
export function t975(df: number): number {
  return df >= 1 && df <= T975.length ? T975[df - 1]! : Z95;
}

/**
 * The half-width of a 95% interval of a sum of per-date residuals over `total` calls: the wider of Newey-West
 * (Bartlett, `lag`) and non-overlapping blocks of lag + 1 consecutive dates, whose sums are independent when a
 * call's horizon spans at most lag dates; the blocks' width uses Student's t on their count less one
 * (docs/decisions/110-honest-intervals.md). Deterministic: the blocks start at the first date.
 */
export function honestHalfWidth(residuals: readonly number[], total: number, lag: number): number {
  const neweyWest = (Z95 * Math.sqrt(neweyWestVariance(residuals, lag))) / total;
  const size = lag + 1;
  const blocks: number[] = [];
  for (let i = 0; i < residuals.length; i += size)
    blocks.push(residuals.slice(i, i + size).reduce((a, v) => a + v, 0));
  if (blocks.length < 2) return neweyWest;
  const variance = blocks.reduce((a, v) => a + v * v, 0);
  return Math.max(neweyWest, (t975(blocks.length - 1) * Math.sqrt(variance)) / total);
}

function byDate(calls: readonly ScoredCall[]): DateGroup[] {
  const groups = new Map<string, DateGroup>();
  for (const c of calls) {
    if (c.outcome.eventHappened === null) continue;
    const g = groups.get(c.recommendationDate) ?? {
      date: c.recommendationDate,
      n: 0,
      k: 0,
      nb: 0,
      kb: 0,
      b: 0,
    };
    const happened = c.outcome.eventHappened ? 1 : 0;
    g.n++;
    g.k += happened;
    if (c.baseline !== null) {
      g.nb++;
      g.kb += happened;
      g.b += c.baseline;
    }
    groups.set(c.recommendationDate, g);
  }
  return [...groups.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The lag of the Newey-West errors: the calls' horizon over the sessions between consecutive recommendation dates
 * (their median), so weekly calls over 60 sessions take 12. 0 with fewer than two dates.
 */
export function neweyWestLag(
  dates: readonly string[],
  sessions: readonly string[],
  horizonDays: number,
): number {
  const distinct = [...new Set(dates)].sort();
  if (distinct.length < 2) return 0;
  const at = distinct.map((d) => firstAfter(sessions, d));
  const gaps = at.slice(1).map((p, i) => Math.max(1, p - at[i]!));
  return Math.max(0, Math.round(horizonDays / median(gaps)!));
}

/**
 * A pooled rate over resolved calls with its 95% interval from per-date rates (Newey-West over dates, `lag`), the
 * mean of the calls' same-risk baselines, and the difference (over the calls with a baseline) with its interval.
 * Intervals need at least two dates: one date's calls are one draw of the market.
 */
export function clusteredRate(calls: readonly ScoredCall[], lag: number): RateAgainstBaseline {
  const groups = byDate(calls);
  const n = groups.reduce((x, g) => x + g.n, 0);
  const k = groups.reduce((x, g) => x + g.k, 0);
  const nb = groups.reduce((x, g) => x + g.nb, 0);
  const kb = groups.reduce((x, g) => x + g.kb, 0);
  const b = groups.reduce((x, g) => x + g.b, 0);
  const rate = n ? k / n : null;
  const baseline = nb ? b / nb : null;
  const difference = nb ? (kb - b) / nb : null;
  const enough = groups.length >= 2;
  const rateHalf =
    enough && rate !== null
      ? honestHalfWidth(
          groups.map((g) => g.k - rate * g.n),
          n,
          lag,
        )
      : null;
  const diffHalf =
    enough && difference !== null
      ? honestHalfWidth(
          groups.map((g) => g.kb - g.b - difference * g.nb),
          nb,
          lag,
        )
      : null;
  // No interval narrower than the plain binomial one on the same count (docs/decisions/110-honest-intervals.md):
  // few dates can make the per-date errors collapse, and a difference is at least as uncertain as its rate.
  const rateWilson = rate !== null ? wilsonInterval(k, n) : null;
  const diffWilson = difference !== null ? wilsonInterval(kb, nb) : null;
  const rateBand =
    rate !== null && rateHalf !== null && rateWilson
      ? {
          low: Math.max(0, Math.min(rate - rateHalf, rateWilson.low)),
          high: Math.min(1, Math.max(rate + rateHalf, rateWilson.high)),
        }
      : null;
  const diffBand =
    difference !== null && diffHalf !== null && diffWilson
      ? {
          low: difference - Math.max(diffHalf, kb / nb - diffWilson.low),
          high: difference + Math.max(diffHalf, diffWilson.high - kb / nb),
        }
      : null;
  return {
    rate,
    low: rateBand?.low ?? null,
    high: rateBand?.high ?? null,
    baseline,
    difference,
    differenceLow: diffBand?.low ?? null,
    differenceHigh: diffBand?.high ?? null,
  };
}

/** One calibration row: the probability the calls stated against how often their event happened, and the baseline. */
export interface CalibrationRow {
  label: string;
  count: number;
  /** Calls whose target date has passed and whose returns are known. */
  resolved: number;
  /** Resolved calls whose stated event happened. */
  happened: number;
  /** Mean stated probability of the resolved calls. */
  meanProbability: number | null;
  observedRate: number | null;
  /** 95% interval of observedRate from per-date rates, Newey-West over dates. */
  observedLow: number | null;
  observedHigh: number | null;
  /** How often random members of the same date and volatility fifth did the same event, averaged over the calls. */
  observedRateBaseline: number | null;
  /** observedRate minus its baseline (over the calls with one), with its 95% interval (Newey-West over dates). */
  observedMinusBaseline: number | null;
  observedMinusBaselineLow: number | null;
  observedMinusBaselineHigh: number | null;
}

/**
 * Confidence bands (the card's whole-percent confidence). A stated probability is of the call's own event, so it
 * is at least about 50%; the ranking model's calibrated probabilities sit within a few points of 50% (its BUY
 * calls between 52% and 53% on the demo history), hence two-point bands there.
 */
export const CONFIDENCE_BANDS = [
  { label: "below 50%", min: 0, max: 49 },
  { label: "50-51%", min: 50, max: 51 },
  { label: "52-53%", min: 52, max: 53 },
  { label: "54-55%", min: 54, max: 55 },
  { label: "56-57%", min: 56, max: 57 },
  { label: "58-59%", min: 58, max: 59 },
  { label: "60% and above", min: 60, max: 100 },
] as const;

const isResolved = (c: ScoredCall) => c.outcome.eventHappened !== null;

function calibrationRow(label: string, calls: readonly ScoredCall[], lag: number): CalibrationRow {
  const resolved = calls.filter(isResolved);
  const r = clusteredRate(resolved, lag);
  return {
    label,
    count: calls.length,
    resolved: resolved.length,
    happened: resolved.filter((c) => c.outcome.eventHappened).length,
    meanProbability: mean(resolved.map((c) => c.probability!)),
    observedRate: r.rate,
    observedLow: r.low,
    observedHigh: r.high,
    observedRateBaseline: r.baseline,
    observedMinusBaseline: r.difference,
    observedMinusBaselineLow: r.differenceLow,
    observedMinusBaselineHigh: r.differenceHigh,
  };
}

/** One symbol's adjusted closes on the sessions it traded, oldest first. */
export interface CloseSeries {
  dates: readonly string[];
  closes: readonly number[];
}

/** Every session's adjusted closes, by symbol. */
export type DailyCloses = ReadonlyMap<string, CloseSeries>;

/** A call as the calendar-time portfolio holds it: from the session after its date to its target date. */
export interface HeldCall {
  symbol: string;
  recommendationDate: string;
  estimatedDate: string;
}

export interface GrowthPoint {
  /** The session whose close the values are at. */
  date: string;
  /** Calls held over the session ending on `date`: 0 on the starting point and on days with no open call. */
  openCalls: number;
  /** What $1 put equally into the open calls at the starting point is worth, rebalanced daily, gross of costs. */
  callsValue: number;
  /** What $1 put equally into every universe stock is worth, rebalanced daily, over the same days. */
  universeValue: number;
}

/** The session whose close is the first after `date` (binary search on sorted dates). */
function firstAfter(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Total return of the session ending at index `i` of a series (close over the previous close), or null. */
function dailyReturn(series: CloseSeries, i: number): number | null {
  if (i < 1) return null;
  const before = series.closes[i - 1]!;
  return before > 0 ? series.closes[i]! / before - 1 : null;
}

/**
 * The calendar-time portfolio of the calls (docs/decisions/021): on each session the calls line holds, in equal
 * parts, every call open that session (its recommendation date < session <= its target date and `asOf`) and earns
 * their average total return that session; the universe line earns the equal-weighted average total return of the
 * `members` that were index members that session (`memberOn`; every one of them when left out). Both compound from 1
 * at the close before the first session with an open call, and stand still on sessions with none, so the lines
 * compare the calls with the universe over the same days. Overlapping windows count once a day each, unlike adding
 * up each date's 60-session returns.
 */
export function calendarTimeGrowth(
  calls: readonly HeldCall[],
  closes: DailyCloses,
  members: readonly string[],
  sessions: readonly string[],
  asOf: string,
  memberOn: (symbol: string, date: string) => boolean = () => true,
): GrowthPoint[] {
  const held = new Map<string, { sum: number; n: number }>();
  for (const call of calls) {
    const series = closes.get(call.symbol);
    if (!series) continue;
    const last = call.estimatedDate < asOf ? call.estimatedDate : asOf;
    for (let i = firstAfter(series.dates, call.recommendationDate); i < series.dates.length; i++) {
      const date = series.dates[i]!;
      if (date > last) break;
      const r = dailyReturn(series, i);
      if (r === null) continue;
      const day = held.get(date) ?? { sum: 0, n: 0 };
      day.sum += r;
      day.n++;
      held.set(date, day);
    }
  }
  if (!held.size) return [];
  const days = [...held.keys()].sort();
  const first = days[0]!;
  const lastHeld = days.at(-1)!;
  const universe = new Map<string, { sum: number; n: number }>();
  for (const symbol of members) {
    const series = closes.get(symbol);
    if (!series) continue;
    for (let i = Math.max(0, firstAfter(series.dates, first) - 1); i < series.dates.length; i++) {
      const date = series.dates[i]!;
      if (date > lastHeld) break;
      if (!held.has(date) || !memberOn(symbol, date)) continue;
      const r = dailyReturn(series, i);
      if (r === null) continue;
      const day = universe.get(date) ?? { sum: 0, n: 0 };
      day.sum += r;
      day.n++;
      universe.set(date, day);
    }
  }
  // Every session from the first held one to the last, so days without an open call show as flat stretches.
  const calendar = [...new Set([...sessions, ...days])].filter((d) => d >= first && d <= lastHeld).sort();
  let callsValue = 1;
  let universeValue = 1;
  const points: GrowthPoint[] = [{ date: prevOf(sessions, first), openCalls: 0, callsValue, universeValue }];
  for (const date of calendar) {
    const c = held.get(date);
    const u = universe.get(date);
    if (c) callsValue *= 1 + c.sum / c.n;
    if (c && u) universeValue *= 1 + u.sum / u.n;
    points.push({ date, openCalls: c?.n ?? 0, callsValue, universeValue });
  }
  return points;
}

/** The last session before `date` (or `date` itself when the calendar has none before it). */
function prevOf(sessions: readonly string[], date: string): string {
  const i = firstAfter(sessions, date);
  let j = i - 1;
  while (j >= 0 && sessions[j]! >= date) j--;
  return j >= 0 ? sessions[j]! : date;
}

/** One recommendation date of the top-decile basket: the model's BUY calls of that date. */
export interface BasketDate {
  date: string;
  calls: number;
  resolved: number;
  /** Resolved BUY calls that beat the median member. */
  beatMedian: number;
  beatMedianRate: number | null;
  /** How often random members of the same date and volatility fifths beat the median, over the same calls. */
  beatMedianRateBaseline: number | null;
}

/** The top-decile basket (the model's BUY calls) date by date, and pooled with its interval clustered by date. */
export interface Basket {
  calls: number;
  resolved: number;
  beatMedian: number;
  beatMedianRate: number | null;
  beatMedianLow: number | null;
  beatMedianHigh: number | null;
  beatMedianRateBaseline: number | null;
  beatMedianMinusBaseline: number | null;
  beatMedianMinusBaselineLow: number | null;
  beatMedianMinusBaselineHigh: number | null;
  dates: BasketDate[];
}

/** Editor's picks, reported apart from the model: their confidence is the editor's own, never calibrated. */
export interface EditorsPicks {
  count: number;
  open: number;
  resolved: number;
  /** Resolved picks whose stock beat the median member (an editor's pick is a buy with a target above its price). */
  beatMedian: number;
  beatMedianRate: number | null;
  /** How often random members of the same date and volatility fifth beat the median, over the same picks. */
  beatMedianRateBaseline: number | null;
  /** The editors' mean stated confidence (0-100) of the resolved picks: their own figure, not a probability. */
  meanEditorConfidence: number | null;
}

/** The live model calls' record, apart from the simulated one: never pooled with it. */
export interface LiveRecord extends RateAgainstBaseline {
  count: number;
  open: number;
  resolved: number;
  happened: number;
}

export interface Performance {
  /** Which calls the model's figures below describe: the simulated ones; live calls are in `live` only. */
  provenance: "simulated";
  /** The model's simulated calls (editor's picks are in `editorsPicks` only, live calls in `live`). */
  count: number;
  open: number;
  /** The model's calls past their target date with known returns. */
  resolved: number;
  happened: number;
  /** Share of resolved model calls whose stated event happened, with its 95% interval clustered by date. */
  observedRate: number | null;
  observedLow: number | null;
  observedHigh: number | null;
  /** The same-risk baseline of observedRate, and the difference with its 95% interval. */
  observedRateBaseline: number | null;
  observedMinusBaseline: number | null;
  observedMinusBaselineLow: number | null;
  observedMinusBaselineHigh: number | null;
  /** Newey-West lag of the intervals: the horizon over the sessions between recommendation dates. */
  intervalLag: number;
  /** Mean stated probability of the resolved calls that state one. */
  meanProbability: number | null;
  /** Total returns of resolved calls over their whole horizon. */
  averageReturn: number | null;
  medianReturn: number | null;
  /** The members' equal-weighted average total return over the same windows, averaged over resolved calls. */
  averageUniverseReturn: number | null;
  /** averageReturn minus averageUniverseReturn. */
  averageExcessReturn: number | null;
  bands: CalibrationRow[];
  deciles: CalibrationRow[];
  years: CalibrationRow[];
  basket: Basket;
  editorsPicks: EditorsPicks;
  live: LiveRecord;
}

/** The top-decile basket: the model's BUY calls (decile 10 with an expected excess return above 0). */
const inBasket = (c: ScoredCall) => c.source === "model" && c.call === "BUY";

function basketOf(calls: readonly ScoredCall[], lag: number): Basket {
  const buys = calls.filter(inBasket);
  const resolved = buys.filter(isResolved);
  const pooled = clusteredRate(resolved, lag);
  const dates = [...new Set(buys.map((c) => c.recommendationDate))].sort();
  return {
    calls: buys.length,
    resolved: resolved.length,
    beatMedian: resolved.filter((c) => c.outcome.eventHappened).length,
    beatMedianRate: pooled.rate,
    beatMedianLow: pooled.low,
    beatMedianHigh: pooled.high,
    beatMedianRateBaseline: pooled.baseline,
    beatMedianMinusBaseline: pooled.difference,
    beatMedianMinusBaselineLow: pooled.differenceLow,
    beatMedianMinusBaselineHigh: pooled.differenceHigh,
    dates: dates.map((date) => {
      const day = buys.filter((c) => c.recommendationDate === date);
      const done = day.filter(isResolved);
      const withBaseline = done.filter((c) => c.baseline !== null);
      return {
        date,
        calls: day.length,
        resolved: done.length,
        beatMedian: done.filter((c) => c.outcome.eventHappened).length,
        beatMedianRate: done.length ? done.filter((c) => c.outcome.eventHappened).length / done.length : null,
        beatMedianRateBaseline: mean(withBaseline.map((c) => c.baseline!)),
      };
    }),
  };
}

function editorsPicksOf(picks: readonly ScoredCall[]): EditorsPicks {
  const resolved = picks.filter(isResolved);
  const beat = resolved.filter((c) => c.outcome.eventHappened).length;
  return {
    count: picks.length,
    open: picks.length - resolved.length,
    resolved: resolved.length,
    beatMedian: beat,
    beatMedianRate: resolved.length ? beat / resolved.length : null,
    beatMedianRateBaseline: mean(resolved.filter((c) => c.baseline !== null).map((c) => c.baseline!)),
    meanEditorConfidence: mean(resolved.map((c) => c.confidence)),
  };
}

/**
 * The model's figures (totals, calibration rows, basket) over its simulated calls, intervals clustered by date
 * (honestHalfWidth, `lag` dates) and never narrower than Wilson's; its live calls and editor's picks apart. Calibration rows hold the calls that state a probability.
 */
export function summarisePerformance(all: readonly ScoredCall[], lag = 0): Performance {
  const calls = all.filter((c) => c.source === "model" && c.provenance === "simulated");
  const liveCalls = all.filter((c) => c.source === "model" && c.provenance === "live");
  const liveResolved = liveCalls.filter(isResolved);
  const resolved = calls.filter(isResolved);
  const pooled = clusteredRate(resolved, lag);
  const returns = resolved.map((c) => c.outcome.realisedReturn!);
  const universe = resolved.map((c) => c.outcome.universeMeanReturn).filter((r): r is number => r !== null);
  const averageReturn = mean(returns);
  const averageUniverseReturn = mean(universe);
  const stated = calls.filter((c) => c.probability !== null);
  const deciles = [...new Set(stated.map((c) => c.decile).filter((d): d is number => d !== null))].sort(
    (a, b) => b - a,
  );
  const years = [...new Set(stated.map((c) => c.recommendationDate.slice(0, 4)))].sort();
  return {
    provenance: "simulated",
    count: calls.length,
    open: calls.length - resolved.length,
    resolved: resolved.length,
    happened: resolved.filter((c) => c.outcome.eventHappened).length,
    observedRate: pooled.rate,
    observedLow: pooled.low,
    observedHigh: pooled.high,
    observedRateBaseline: pooled.baseline,
    observedMinusBaseline: pooled.difference,
    observedMinusBaselineLow: pooled.differenceLow,
    observedMinusBaselineHigh: pooled.differenceHigh,
    intervalLag: lag,
    meanProbability: mean(resolved.filter((c) => c.probability !== null).map((c) => c.probability!)),
    averageReturn,
    medianReturn: median(returns),
    averageUniverseReturn,
    averageExcessReturn:
      averageReturn !== null && averageUniverseReturn !== null ? averageReturn - averageUniverseReturn : null,
    bands: CONFIDENCE_BANDS.map((b) =>
      calibrationRow(
        b.label,
        stated.filter((c) => c.confidence >= b.min && c.confidence <= b.max),
        lag,
      ),
    ),
    deciles: deciles.map((d) =>
      calibrationRow(
        `Decile ${d}`,
        stated.filter((c) => c.decile === d),
        lag,
      ),
    ),
    years: years.map((y) =>
      calibrationRow(
        y,
        stated.filter((c) => c.recommendationDate.startsWith(y)),
        lag,
      ),
    ),
    basket: basketOf(calls, lag),
    editorsPicks: editorsPicksOf(all.filter((c) => c.source === "admin")),
    live: {
      count: liveCalls.length,
      open: liveCalls.length - liveResolved.length,
      resolved: liveResolved.length,
      happened: liveResolved.filter((c) => c.outcome.eventHappened).length,
      ...clusteredRate(liveResolved, lag),
    },
  };
}
