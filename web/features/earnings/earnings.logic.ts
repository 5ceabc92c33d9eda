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

/** The stock's record beside the universe's, e.g. "7 of 12 past reactions rose (universe: 46%)". */
export function reactionRecord(e: {
  pastReactionsRose: number;
  pastReactions: number;
  universeRiseRate: number;
}) {
  const universe = `(universe: ${e.universeRiseRate}%)`;
  return e.pastReactions
    ? `${e.pastReactionsRose} of ${e.pastReactions} past reactions rose ${universe}`
    : `No past reactions detected ${universe}`;
}
