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
  /** Expected total return over `horizonDays` sessions and its 80% interval, as fractions. */
  expectedReturn?: number | null;
  expectedReturnLow?: number | null;
  expectedReturnHigh?: number | null;
  horizonDays?: number | null;
  /** The headlines behind newsImpact/newsSummary (given to the narrative writer; not stored). */
  headlines?: Headline[];
}

export interface AnalysisPort {
  /** Analyses one symbol as of the market's today; throws UnknownSymbolError (market-port.ts) for unknown symbols. */
  analyze(symbol: string): Promise<InsightDraft>;
}
