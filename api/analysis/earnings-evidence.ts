// What scripts/evaluate-earnings.ts measured out of sample (earnings-evidence.json, written by it): whether the
// growth probability beats stating the universe's rate and whether the target price beats today's price. The
// calendar serves each only as far as it measured up (docs/decisions/071-earnings-counts-and-target.md).
import evidence from "./earnings-evidence.json" with { type: "json" };

/** A predictor beats its baseline only when its mean paired loss is lower by at least this many standard errors. */
export const MARGIN_STANDARD_ERRORS = 2;

/** Whether a mean paired loss difference (predictor minus baseline: below zero is better) clears the margin. */
export function beatsBaseline(difference: { mean: number; se: number }): boolean {
  return difference.mean + MARGIN_STANDARD_ERRORS * difference.se < 0;
}

export interface EarningsEvidence {
  /** The estimated report dates scored (the test period: nothing was chosen on it). */
  period: { from: string; to: string };
  /** How near the estimated dates fell to a detected report reaction, in trading sessions. */
  dates: {
    /** Estimated dates scored: those up to `to`, where every reaction near them is confirmed. */
    entries: number;
    to: string;
    /** Share of them within 1 trading session of the stock's nearest detected reaction. */
    withinOneSession: number;
    /** The same within 7 sessions. */
    withinSevenSessions: number;
  };
  growth: {
    entries: number;
    brier: number;
    /** Brier score of stating the universe's rate known that day. */
    brierBaseRate: number;
    /** Mean paired difference in squared error, served minus base rate, and its standard error. */
    difference: number;
    standardError: number;
    beatsBaseRate: boolean;
  };
  target: {
    entries: number;
    /** Sessions after the report whose close the target is for. */
    horizonSessions: number;
    /** Mean absolute error, as a fraction of the price the day the entry was first shown. */
    meanAbsoluteError: number;
    /** The same for that day's price itself, the naive baseline. */
    meanAbsoluteErrorToday: number;
    difference: number;
    standardError: number;
    /** Share of entries whose target pointed the way the price went (targets equal to the price left out). */
    directionMatched: number;
    /** Share of entries whose price rose: what always saying "up" would match. */
    directionAlwaysUp: number;
    beatsToday: boolean;
  };
}

export const EARNINGS_EVIDENCE = evidence as EarningsEvidence;
