// Earnings report days are not in the demo market's data, so they are estimated from the prices themselves:
// a report shows up as a session with a volume spike and a price gap, about once a quarter, near the same week
// each year. Everything here reads only sessions on or before the date it is asked about.

export interface DailyBar {
  date: string;
  open: number;
  close: number;
  volume: number;
}

/** A session counts as a report reaction when volume is this many times its trailing median... */
export const VOLUME_SPIKE = 2.5;
/** ...and the open gaps at least this much from the previous close. */
export const MIN_GAP = 0.02;
/** Two reactions closer than this are one report. */
const MIN_DAYS_APART = 45;
const TRAILING = 60;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const days = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** Indexes of the sessions that look like earnings reactions (volume spike with a gap), oldest first. */
export function detectReactions(bars: readonly DailyBar[]): number[] {
  const found: number[] = [];
  for (let i = TRAILING; i < bars.length; i++) {
    const bar = bars[i]!;
    const prev = bars[i - 1]!;
    const typical = median(bars.slice(i - TRAILING, i).map((b) => b.volume));
    const gap = Math.abs(bar.open / prev.close - 1);
    if (typical > 0 && bar.volume >= VOLUME_SPIKE * typical && gap >= MIN_GAP) {
      const last = found.at(-1);
      if (last !== undefined && days(bars[last]!.date, bar.date) < MIN_DAYS_APART) {
        // Keep the stronger of two nearby spikes.
        if (bar.volume > bars[last]!.volume) found[found.length - 1] = i;
      } else {
        found.push(i);
      }
    }
  }
  return found;
}

export interface ReactionStats {
  /** Reactions seen. */
  n: number;
  /** Of them, how many closed higher 5 sessions after the reaction day than the session before it. */
  ups: number;
  /** Mean of those 5-session moves. */
  meanMove: number;
}

/** Post-report moves: close 5 sessions after the reaction against the close the session before it. */
export function reactionStats(bars: readonly DailyBar[], reactions: readonly number[]): ReactionStats {
  let n = 0;
  let ups = 0;
  let total = 0;
  for (const i of reactions) {
    if (i < 1 || i + 5 >= bars.length) continue;
    const move = bars[i + 5]!.close / bars[i - 1]!.close - 1;
    n++;
    total += move;
    if (move > 0) ups++;
  }
  return { n, ups, meanMove: n ? total / n : 0 };
}

/** Shrinks a stock's own rate toward the universe's: (ups + k * base) / (n + k). */
export function shrunkProbability(stats: ReactionStats, baseRate: number, k = 8): number {
  return (stats.ups + k * baseRate) / (stats.n + k);
}

/**
 * The next report reaction expected after `asOf`: the reaction of about a year earlier, moved forward 364 days
 * (the same weekday). Null when there was none near that week.
 */
export function nextReportEstimate(
  bars: readonly DailyBar[],
  reactions: readonly number[],
  asOf: string,
  horizonDays: number,
) {
  for (const i of reactions) {
    const date = bars[i]!.date;
    const candidate = new Date(Date.parse(`${date}T00:00:00Z`) + 364 * 86_400_000).toISOString().slice(0, 10);
    const ahead = days(asOf, candidate);
    if (ahead > 0 && ahead <= horizonDays) return { date: candidate, basedOn: date };
  }
  return null;
}

/** Inputs of the post-report model, in the order of its weights. */
export const EARNINGS_FEATURES = [
  "own_rate",
  "own_count",
  "own_mean_move",
  "ret_1m",
  "vol_60d",
  "market_ret_1m",
] as const;

/**
 * Features of a coming (or, in training, a past) report, from sessions up to `j`: the session before the
 * reaction in training, the market's today when serving. `prior` are the stock's earlier finished reactions.
 */
export function earningsFeatures(
  bars: readonly DailyBar[],
  j: number,
  prior: ReactionStats,
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
    shrunkProbability(prior, baseRate),
    Math.log1p(prior.n),
    prior.n ? prior.meanMove * (prior.n / (prior.n + 8)) : 0,
    bars[j]!.close / bars[j - 21]!.close - 1,
    vol,
    benchNow && benchThen ? benchNow / benchThen - 1 : 0,
  ];
}
