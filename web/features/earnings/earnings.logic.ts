import { type ProbabilityTone, probabilityTone } from "../../components/probability-badge.tsx";
import { formatCount, formatDate, formatStatistic, ratePercent } from "../../lib/format.ts";

/** The growth-probability filter: all, high (70+), moderate (50-69), low (below 50). */
export const GROWTH_FILTERS = [
  { value: "all", label: "All" },
  { value: "0-25", label: "0-25%" },
  { value: "25-50", label: "25-50%" },
  { value: "50-75", label: "50-75%" },
  { value: "75-100", label: "75-100%" },
] as const;

export type GrowthFilter = (typeof GROWTH_FILTERS)[number]["value"];

/** Whether a probability falls in the filter's band; each band includes its upper bound except where the next starts. */
export function matchesGrowthFilter(probability: number, filter: GrowthFilter): boolean {
  if (filter === "all") return true;
  const [lo, hi] = filter.split("-").map(Number) as [number, number];
  return probability >= lo && (hi === 100 ? probability <= 100 : probability < hi);
}

/** 70 and above green 'High Confidence', 50-69 yellow 'Moderate', below 50 red 'Low Confidence'. */
export function growthBand(probability: number): { tone: "green" | "yellow" | "red"; label: string } {
  if (probability >= 70) return { tone: "green", label: "High Confidence" };
  if (probability >= 50) return { tone: "yellow", label: "Moderate" };
  return { tone: "red", label: "Low Confidence" };
}

/**
 * The badge's colour: the spec's band only where the probability showed skill out of sample (it beat stating all
 * stocks' rate, on dates of this kind); otherwise neutral, so a red or yellow badge never passes for a warning or
 * for doubt when it only grades a lower chance of a rise that measured no better than the base rate.
 */
export function growthTone(
  probability: number,
  skill: { beatsBaseRate: boolean; growthMeasured: boolean },
): ProbabilityTone {
  return probabilityTone(growthBand(probability).tone, skill.beatsBaseRate && skill.growthMeasured);
}

/** pre becomes Pre-Market, post After-Market, 'time not set' Time TBA. */
export function timeLabel(time: string): string {
  const t = time.toLowerCase();
  if (t.includes("pre")) return "Pre-Market";
  if (t.includes("post") || t.includes("after")) return "After-Market";
  return "Time TBA";
}

/** The stock's past reports in words, the main figure: "Rose after 6 of its 11 reports since Oct 28, 2020". */
export function reportRecord(e: { reportsRose: number; reportsCounted: number; reportsSince: string }) {
  const since = formatDate(e.reportsSince);
  if (!e.reportsCounted) return `No reports found since ${since}`;
  const reports = e.reportsCounted === 1 ? "report" : "reports";
  return `Rose after ${e.reportsRose} of its ${e.reportsCounted} ${reports} since ${since}`;
}

/**
 * What the growth probability is, in plain words: the record above smoothed toward all stocks' rate (out of sample
 * it does no better than that rate, docs/earnings-model.md), e.g. "growth probability: that record smoothed toward
 * all stocks' 51%; no measured skill".
 */
export function smoothedShare(e: { reportsCounted: number; universeRiseRate: number }, skill = false) {
  // The rate is a fraction, as every rate in the API (docs/decisions/090-one-type-per-concept.md).
  const rate = ratePercent(e.universeRiseRate, 0);
  const verdict = skill ? "" : "; no measured skill";
  return e.reportsCounted
    ? `growth probability: that record smoothed toward all stocks' ${rate}${verdict}`
    : `growth probability: all stocks' ${rate}, with no record of its own${verdict}`;
}

const share = (x: number) => ratePercent(x, 0);

/**
 * How good the estimated dates are, measured the same way they are served: "Dates are estimated: 26% of past
 * estimated dates fell within 1 trading session of the report, 46% within 7 (2022-2023)."
 */
export function dateAccuracyLine(m: {
  period: { from: string };
  dates: { to: string; withinOneSession: number; withinSevenSessions: number };
}) {
  return (
    `Dates are estimated: ${share(m.dates.withinOneSession)} of past estimated dates fell within 1 trading ` +
    `session of the report, ${share(m.dates.withinSevenSessions)} within 7 ` +
    `(${m.period.from.slice(0, 4)}-${m.dates.to.slice(0, 4)}).`
  );
}

/** One line on how the tab's figures measured up, out of sample. */
export function measuredLine(m: {
  period: { from: string; to: string };
  entries: number;
  growth: { beatsBaseRate: boolean; brier: number; brierBaseRate: number };
}) {
  const years = `${m.period.from.slice(0, 4)}-${m.period.to.slice(0, 4)}`;
  const checked = `Checked on ${formatCount(m.entries)} past estimated reports (${years}):`;
  return m.growth.beatsBaseRate
    ? `${checked} the growth probability beat stating all stocks' rate.`
    : `${checked} the growth probability has no measured skill (Brier ${formatStatistic(m.growth.brier, 4)} against ` +
        `${formatStatistic(m.growth.brierBaseRate, 4)} for all stocks' rate), so each card leads with the stock's own ` +
        "record. Its labels grade the chance of a rise: 'Low Confidence' means below 50%, not an unsure estimate.";
}
