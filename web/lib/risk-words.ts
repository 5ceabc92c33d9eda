import { AGGRESSIVE_VOLATILITY } from "../../api/analysis/risk-scale.constants.ts";
import { ratePercent } from "./format.ts";

/**
 * One risk scale for everything a person reads (docs/decisions/126-one-vocabulary.md, after 082). The API keeps the
 * spec's values: a recommendation's `aggressive` flag (searched as aggressive / non-aggressive) and an analysis's
 * `riskLevel` LOW / MEDIUM / HIGH. Both are shown in the words of the spec's Risk Level filter, on one threshold:
 * Aggressive from AGGRESSIVE_VOLATILITY, Conservative below it.
 */
export type RiskWord = "Conservative" | "Aggressive";

export type RiskLevel = "LOW" | "MEDIUM" | "HIGH";

/** An analysis's volatility bands (api/analysis/engine.ts riskLevel) in the shared words: only HIGH is Aggressive. */
export const RISK_LEVEL_WORDS: Record<RiskLevel, RiskWord> = {
  LOW: "Conservative",
  MEDIUM: "Conservative",
  HIGH: "Aggressive",
};

const threshold = ratePercent(AGGRESSIVE_VOLATILITY);

/** What each analysis band means, for the badge's title: the same threshold as a recommendation's basis. */
export const RISK_LEVEL_BASIS: Record<RiskLevel, string> = {
  LOW: `60-day volatility under ${threshold} a year; Aggressive from ${threshold}`,
  MEDIUM: `60-day volatility under ${threshold} a year; Aggressive from ${threshold}`,
  HIGH: `60-day volatility ${threshold} a year or more; Aggressive from ${threshold}`,
};

/**
 * The scale itself, for a list's card: its row leaves out the stock's own basis, which the detail dialog shows
 * (decision 151).
 */
export const RISK_SCALE_BASIS = `On 60-day volatility a year; Aggressive from ${threshold}`;

/** A recommendation's flag in the shared words: the spec's filter calls every non-aggressive call Conservative. */
export const riskWordOfFlag = (aggressive: boolean): RiskWord => (aggressive ? "Aggressive" : "Conservative");

/** The Risk Level filter's options: the API's query values, labelled in the shared words. */
export const RISK_FILTER_OPTIONS = [
  { value: "all", label: "All" },
  { value: "aggressive", label: riskWordOfFlag(true) },
  { value: "non-aggressive", label: riskWordOfFlag(false) },
];
