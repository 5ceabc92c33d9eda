import type { Headline } from "./market-port.ts";

/** What the insights feature needs from the analysis engine; the engine implements it. */
export interface InsightDraft {
  symbol: string;
  recommendation: "BUY" | "SELL" | "HOLD" | "WATCH";
  riskLevel: "LOW" | "MEDIUM" | "HIGH";
  currentPrice: number;
  projectedPrice: number;
  confidence: number;
  timeHorizon: string;
  targetDate: string;
  reasoning: string;
  newsImpact: "POSITIVE" | "NEGATIVE" | "NEUTRAL";
  keyFactors: string[];
  newsSummary?: string | null;
  probability?: number | null;
  modelVersion?: string | null;
  asOf?: string | null;
  /** The stock's decile in the universe on asOf (10 is the best-ranked tenth). */
  decile?: number | null;
  /** Analyses made before decision 066 forecast the total return; new ones leave these null. */
  expectedReturn?: number | null;
  expectedReturnLow?: number | null;
  expectedReturnHigh?: number | null;
  horizonDays?: number | null;
  /**
   * The stock's total return minus the median member's over `horizonDays` sessions, expected, and its range fitted
   * to hold 80% of outcomes, from the stock's own volatility, as fractions (docs/decisions/066-calls-that-agree.md).
   */
  expectedExcessReturn?: number | null;
  expectedExcessLow?: number | null;
  expectedExcessHigh?: number | null;
  /** What `probability` is the chance of. */
  statedEvent?: "beats-median" | "trails-median" | null;
  /** Whether the model card's spread clears its hurdle (docs/model-card.md). */
  edgeSignificant?: boolean | null;
  /** The last outcome date the model was trained on, and whether the analysis date is past what it serves. */
  modelTrainedThrough?: string | null;
  modelStale?: boolean | null;
  /** Whether a news source is configured (newsImpact says nothing about news without one). */
  newsAvailable?: boolean;
  /** The headlines behind newsImpact/newsSummary (given to the narrative writer; not stored). */
  headlines?: Headline[];
}

/**
 * How a caller keeps the expensive part that analyses share (a date's scored universe, under the date as key)
 * between calls; the engine itself keeps nothing.
 */
export type Keep = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** Keeps nothing: each call computes anew (scripts, jobs, tests). */
export const computeAnew: Keep = (_key, compute) => compute();

/** The model's current view of one stock: where it ranks today and the chance of the event that rank states. */
export interface ModelView {
  /** 10 is the best-ranked tenth. */
  decile: number;
  /** Fraction, 0-1: the calibrated chance of `statedEvent`. */
  probability: number;
  statedEvent: "beats-median" | "trails-median";
  call: "BUY" | "SELL" | "HOLD" | "WATCH";
  /** The session the view was scored on. */
  asOf: string;
  horizonDays: number;
  edgeSignificant: boolean;
  modelStale: boolean;
}

export interface AnalysisPort {
  /** Analyses one symbol as of the market's today; throws UnknownSymbolError (market-port.ts) for unknown symbols. */
  analyze(symbol: string, keep?: Keep): Promise<InsightDraft>;
  /**
   * The model's current view of each of `symbols` from the latest session's scored universe (asked of `keep`), with
   * no price fetched and nothing stored; a symbol the model cannot place (unknown, too little history) is left out.
   */
  currentViews(symbols: readonly string[], keep?: Keep): Promise<Map<string, ModelView>>;
}
