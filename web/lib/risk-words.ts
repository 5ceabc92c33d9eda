/**
 * One risk vocabulary for everything a person reads (docs/decisions/082-one-risk-vocabulary.md). The API keeps the
 * spec's values: a recommendation's `aggressive` flag (searched as aggressive / non-aggressive) and an analysis's
 * `riskLevel` LOW / MEDIUM / HIGH. Both are shown in the words of the spec's Risk Level filter, Aggressive and
 * Conservative, with Moderate between them where the analysis has a middle band.
 */
export type RiskWord = "Conservative" | "Moderate" | "Aggressive";

export type RiskLevel = "LOW" | "MEDIUM" | "HIGH";

/** An analysis's three volatility bands (api/analysis/engine.ts riskLevel) in the shared words. */
export const RISK_LEVEL_WORDS: Record<RiskLevel, RiskWord> = {
  LOW: "Conservative",
  MEDIUM: "Moderate",
  HIGH: "Aggressive",
};

/** What each analysis band means, for the badge's title. */
export const RISK_LEVEL_BASIS: Record<RiskLevel, string> = {
  LOW: "60-day volatility under 25% a year",
  MEDIUM: "60-day volatility 25% to 40% a year",
  HIGH: "60-day volatility 40% a year or more",
};

/** A recommendation's flag in the shared words: the spec's filter calls every non-aggressive call Conservative. */
export const riskWordOfFlag = (aggressive: boolean): RiskWord => (aggressive ? "Aggressive" : "Conservative");

/** The Risk Level filter's options: the API's query values, labelled in the shared words. */
export const RISK_FILTER_OPTIONS = [
  { value: "all", label: "All" },
  { value: "aggressive", label: riskWordOfFlag(true) },
  { value: "non-aggressive", label: riskWordOfFlag(false) },
];
