import { formatDate } from "../../lib/format.ts";

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
 * all stocks' 51%".
 */
export function smoothedShare(e: { reportsCounted: number; universeRiseRate: number }) {
  // The rate is a fraction, as every rate in the API (docs/decisions/090-one-type-per-concept.md).
  const rate = `${Math.round(e.universeRiseRate * 100)}%`;
  return e.reportsCounted
    ? `growth probability: that record smoothed toward all stocks' ${rate}`
    : `growth probability: all stocks' ${rate}, with no record of its own`;
}

/** One line on how the tab's figures measured up, out of sample. */
export function measuredLine(m: {
  period: { from: string; to: string };
  entries: number;
  growth: { beatsBaseRate: boolean };
}) {
  const years = `${m.period.from.slice(0, 4)}-${m.period.to.slice(0, 4)}`;
  const checked = `Checked on ${m.entries.toLocaleString("en-US")} past estimated reports (${years}):`;
  return m.growth.beatsBaseRate
    ? `${checked} the growth probability beat stating all stocks' rate.`
    : `${checked} the growth probability did no better than stating all stocks' rate, so each card leads with the stock's own record.`;
}
