// The track record: how each recommendation turned out, from the daily prices after its date.
// Pure functions over price bars, so they are tested on hand-made series and reused by the API and scripts.

export interface Bar {
  date: string;
  high: number;
  close: number;
}

export interface Call {
  buyPrice: number;
  sellTarget: number;
  recommendationDate: string;
  estimatedDate: string;
}

export type OutcomeStatus = "open" | "hit" | "missed";

export interface Outcome {
  status: OutcomeStatus;
  /** The day the target was reached (hit), the target date's last session (missed), or the last session seen (open). */
  exitDate: string | null;
  /** Return from the buy price: at the target for a hit, at the last close otherwise; null without prices. */
  realisedReturn: number | null;
  /** The benchmark's return from the recommendation date to exitDate; null without benchmark prices. */
  benchmarkReturn: number | null;
  /**
   * Whether the stock beat the benchmark over the whole horizon (recommendation date to target date, close to
   * close), which is the event a model confidence states; null until the target date has passed.
   */
  beatIndex: boolean | null;
}

function closeOnOrBefore(bars: readonly Bar[], date: string): Bar | null {
  let found: Bar | null = null;
  for (const bar of bars) {
    if (bar.date > date) break;
    found = bar;
  }
  return found;
}

/**
 * Scores one call as of `asOf` (the last date whose prices are known). `bars` are the stock's daily bars sorted
 * by date; `benchmark` the benchmark's. A target first reached after the estimated date counts as missed.
 */
export function computeOutcome(
  call: Call,
  bars: readonly Bar[],
  benchmark: readonly Bar[],
  asOf: string,
): Outcome {
  const window = bars.filter(
    (b) => b.date > call.recommendationDate && b.date <= call.estimatedDate && b.date <= asOf,
  );
  const hit = window.find((b) => b.high >= call.sellTarget);
  const targetDateReached = asOf >= call.estimatedDate;
  const last = window.at(-1) ?? null;
  const status: OutcomeStatus = hit ? "hit" : targetDateReached && last ? "missed" : "open";
  const exit = hit ?? last;
  const realisedReturn = hit
    ? (call.sellTarget - call.buyPrice) / call.buyPrice
    : last
      ? (last.close - call.buyPrice) / call.buyPrice
      : null;
  let benchmarkReturn: number | null = null;
  if (exit) {
    const start = closeOnOrBefore(benchmark, call.recommendationDate);
    const end = closeOnOrBefore(benchmark, exit.date);
    if (start && end && start.close > 0) benchmarkReturn = end.close / start.close - 1;
  }
  let beatIndex: boolean | null = null;
  if (targetDateReached && last) {
    const start = closeOnOrBefore(benchmark, call.recommendationDate);
    const end = closeOnOrBefore(benchmark, last.date);
    if (start && end && start.close > 0)
      beatIndex = last.close / call.buyPrice - 1 > end.close / start.close - 1;
  }
  return { status, exitDate: exit?.date ?? null, realisedReturn, benchmarkReturn, beatIndex };
}

export interface ScoredCall {
  confidence: number;
  outcome: Outcome;
}

export interface BandSummary {
  band: string;
  count: number;
  resolved: number;
  hitRate: number | null;
  /** Mean stated confidence of the resolved calls in the band, to set against beatRate. */
  meanConfidence: number | null;
  /** Share of calls past their target date that beat the benchmark over the whole horizon: what the confidence states. */
  beatRate: number | null;
}

export interface Performance {
  count: number;
  /** Share of calls past their target date that beat the benchmark over the whole horizon. */
  beatRate: number | null;
  open: number;
  resolved: number;
  hits: number;
  hitRate: number | null;
  averageReturn: number | null;
  medianReturn: number | null;
  averageExcessReturn: number | null;
  bands: BandSummary[];
  deciles: BandSummary[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function summarise(band: string, calls: ScoredCall[]): BandSummary {
  const resolved = calls.filter((c) => c.outcome.status !== "open");
  const hits = resolved.filter((c) => c.outcome.status === "hit").length;
  const compared = calls.filter((c) => c.outcome.beatIndex !== null);
  const beat = compared.filter((c) => c.outcome.beatIndex).length;
  return {
    band,
    count: calls.length,
    resolved: resolved.length,
    hitRate: resolved.length ? hits / resolved.length : null,
    meanConfidence: mean(resolved.map((c) => c.confidence)),
    beatRate: compared.length ? beat / compared.length : null,
  };
}

/** Deciles are reported only when each would hold at least this many resolved calls on average. */
export const MIN_RESOLVED_PER_DECILE = 20;

/** Totals over scored calls: hit rate and returns over resolved calls; per confidence band and decile. */
export function summarisePerformance(calls: ScoredCall[]): Performance {
  const resolved = calls.filter((c) => c.outcome.status !== "open");
  const returns = resolved.map((c) => c.outcome.realisedReturn).filter((r): r is number => r !== null);
  const excess = resolved
    .filter((c) => c.outcome.realisedReturn !== null && c.outcome.benchmarkReturn !== null)
    .map((c) => c.outcome.realisedReturn! - c.outcome.benchmarkReturn!);
  const hits = resolved.filter((c) => c.outcome.status === "hit").length;
  const bands = [
    summarise(
      "below 60",
      calls.filter((c) => c.confidence < 60),
    ),
    summarise(
      "60-79",
      calls.filter((c) => c.confidence >= 60 && c.confidence < 80),
    ),
    summarise(
      "80 and above",
      calls.filter((c) => c.confidence >= 80),
    ),
  ];
  const deciles =
    resolved.length >= 10 * MIN_RESOLVED_PER_DECILE
      ? Array.from({ length: 10 }, (_, i) =>
          summarise(
            `${i * 10}-${i === 9 ? 100 : i * 10 + 9}`,
            calls.filter((c) => Math.min(9, Math.floor(c.confidence / 10)) === i),
          ),
        )
      : [];
  return {
    count: calls.length,
    beatRate: summarise("all", calls).beatRate,
    open: calls.length - resolved.length,
    resolved: resolved.length,
    hits,
    hitRate: resolved.length ? hits / resolved.length : null,
    averageReturn: mean(returns),
    medianReturn: median(returns),
    averageExcessReturn: mean(excess),
    bands,
    deciles,
  };
}
