// The track record: how each recommendation turned out, scored on what its card states. Pure functions over
// prices, so they are tested on hand-made series and reused by the API and scripts.

/** The event a call's probability states: its total return beats, or trails, the universe's median. */
export type StatedEvent = "beats-median" | "trails-median";

/**
 * The event a call states. Deciles 6-10 state "beats the median", 1-5 "trails the median" (docs/decisions/013).
 * Without a decile (posted by an admin, or before the ranking model) a SELL states "trails", anything else
 * "beats": an admin's call is a buy with a target above the price.
 */
export function statedEvent(decile: number | null, call: string | null): StatedEvent {
  if (decile !== null) return decile >= 6 ? "beats-median" : "trails-median";
  return call === "SELL" ? "trails-median" : "beats-median";
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
  /** Median and average total return of the member stocks between two sessions (computed once per pair). */
  window(start: string, end: string): UniverseWindow | null;
}

export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/**
 * The universe a call is measured against: `sessions` is the trading calendar (sorted), `closes` the adjusted
 * closes on the sessions needed, `members` the stocks whose median is the comparison line.
 */
export function createUniverse(
  sessions: readonly string[],
  closes: ClosesByDate,
  members: readonly string[],
): Universe {
  const windows = new Map<string, UniverseWindow | null>();
  const returnOf = (symbol: string, start: string, end: string) => {
    const a = closes.get(start)?.get(symbol);
    const b = closes.get(end)?.get(symbol);
    return a !== undefined && b !== undefined && a > 0 ? b / a - 1 : null;
  };
  return {
    sessionOnOrBefore(date) {
      let lo = 0;
      let hi = sessions.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sessions[mid]! <= date) lo = mid + 1;
        else hi = mid;
      }
      return lo ? sessions[lo - 1]! : null;
    },
    returnOf,
    window(start, end) {
      const key = `${start}/${end}`;
      if (!windows.has(key)) {
        const returns = members.map((s) => returnOf(s, start, end)).filter((r): r is number => r !== null);
        windows.set(
          key,
          returns.length ? { median: median(returns)!, mean: mean(returns)!, size: returns.length } : null,
        );
      }
      return windows.get(key)!;
    },
  };
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
  const line = start && end ? universe.window(start, end) : null;
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
  confidence: number;
  /** The calibrated probability of the stated event; null for admin posts (no calibration rows). */
  probability: number | null;
  decile: number | null;
  outcome: Outcome;
}

/** One calibration row: the probability the calls stated against how often their event happened. */
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
  /** 95% Wilson interval of observedRate. */
  observedLow: number | null;
  observedHigh: number | null;
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

function calibrationRow(label: string, calls: readonly ScoredCall[]): CalibrationRow {
  const resolved = calls.filter(isResolved);
  const happened = resolved.filter((c) => c.outcome.eventHappened).length;
  const interval = wilsonInterval(happened, resolved.length);
  return {
    label,
    count: calls.length,
    resolved: resolved.length,
    happened,
    meanProbability: mean(resolved.map((c) => c.probability!)),
    observedRate: resolved.length ? happened / resolved.length : null,
    observedLow: interval?.low ?? null,
    observedHigh: interval?.high ?? null,
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
 * `members` that session. Both compound from 1 at the close before the first session with an open call, and stand
 * still on sessions with none, so the lines compare the calls with the universe over the same days. Overlapping
 * windows count once a day each, unlike adding up each date's 60-session returns.
 */
export function calendarTimeGrowth(
  calls: readonly HeldCall[],
  closes: DailyCloses,
  members: readonly string[],
  sessions: readonly string[],
  asOf: string,
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
      if (!held.has(date)) continue;
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

export interface Performance {
  count: number;
  open: number;
  /** Calls past their target date with known returns (admin posts included). */
  resolved: number;
  happened: number;
  /** Share of resolved calls whose stated event happened, with its 95% Wilson interval. */
  observedRate: number | null;
  observedLow: number | null;
  observedHigh: number | null;
  /** Mean stated probability of the resolved calls that state one. */
  meanProbability: number | null;
  /** Target price reached on or before the target date (over calls whose target status is settled). */
  hits: number;
  hitRate: number | null;
  /** Total returns of resolved calls over their whole horizon. */
  averageReturn: number | null;
  medianReturn: number | null;
  /** The universe's equal-weighted average total return over the same windows, averaged over resolved calls. */
  averageUniverseReturn: number | null;
  /** averageReturn minus averageUniverseReturn. */
  averageExcessReturn: number | null;
  bands: CalibrationRow[];
  deciles: CalibrationRow[];
  years: CalibrationRow[];
}

/** Totals over all calls; calibration rows (bands, deciles, years) over the calls that state a probability. */
export function summarisePerformance(calls: readonly ScoredCall[]): Performance {
  const resolved = calls.filter(isResolved);
  const happened = resolved.filter((c) => c.outcome.eventHappened).length;
  const interval = wilsonInterval(happened, resolved.length);
  const settled = calls.filter((c) => c.outcome.status !== "open");
  const hits = settled.filter((c) => c.outcome.status === "hit").length;
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
    count: calls.length,
    open: calls.length - resolved.length,
    resolved: resolved.length,
    happened,
    observedRate: resolved.length ? happened / resolved.length : null,
    observedLow: interval?.low ?? null,
    observedHigh: interval?.high ?? null,
    meanProbability: mean(resolved.filter((c) => c.probability !== null).map((c) => c.probability!)),
    hits,
    hitRate: settled.length ? hits / settled.length : null,
    averageReturn,
    medianReturn: median(returns),
    averageUniverseReturn,
    averageExcessReturn:
      averageReturn !== null && averageUniverseReturn !== null ? averageReturn - averageUniverseReturn : null,
    bands: CONFIDENCE_BANDS.map((b) =>
      calibrationRow(
        b.label,
        stated.filter((c) => c.confidence >= b.min && c.confidence <= b.max),
      ),
    ),
    deciles: deciles.map((d) =>
      calibrationRow(
        `Decile ${d}`,
        stated.filter((c) => c.decile === d),
      ),
    ),
    years: years.map((y) =>
      calibrationRow(
        y,
        stated.filter((c) => c.recommendationDate.startsWith(y)),
      ),
    ),
  };
}
