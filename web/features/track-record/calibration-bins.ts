/** One bar of the calibration chart: a bin's stated probability, how often its event happened, and its interval. */
export interface CalibrationPoint {
  label: string;
  stated: number;
  observed: number;
  low: number;
  high: number;
  n: number;
  /** How often random members of the same date and risk did the same event; null when unknown. */
  baseline: number | null;
}

/** A calibration row as the API gives it (per band, decile or year). */
export interface CalibrationRowInput {
  label: string;
  resolved: number;
  happened: number;
  meanProbability: number | null;
  /** The API's interval, clustered by date (Newey-West), and the same-risk baseline. */
  observedLow?: number | null;
  observedHigh?: number | null;
  observedRateBaseline?: number | null;
}

/** Fewer resolved calls than this make a bar whose 95% interval spans most of the axis (decision 048). */
export const MIN_RESOLVED_PER_BIN = 30;

/** 95% Wilson interval of `happened` out of `n`, the API's own formula for its rows. */
export function wilson(happened: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const z = 1.96;
  const p = happened / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** "50-51%" → [50, 51]; "below 50%" → [null, 49]; "60% and above" → [60, null]. */
function bounds(label: string): [number | null, number | null] {
  const below = /^below (\d+)%$/.exec(label);
  if (below) return [null, Number(below[1]) - 1];
  const above = /^(\d+)% and above$/.exec(label);
  if (above) return [Number(above[1]), null];
  const range = /^(\d+)-(\d+)%$/.exec(label);
  if (range) return [Number(range[1]), Number(range[2])];
  return [null, null];
}

function mergedLabel(first: string, last: string): string {
  if (first === last) return first;
  const [low] = bounds(first);
  const [, high] = bounds(last);
  if (low === null && high === null) return `${first} to ${last}`;
  if (low === null) return `below ${high! + 1}%`;
  if (high === null) return `${low}% and above`;
  return `${low}-${high}%`;
}

/**
 * One bar. A bar of one API row keeps the row's interval (clustered by date) and baseline. A bar joined from
 * several rows has no clustered interval from the API: it takes Wilson's on the joined calls widened by `widen`,
 * the whole record's ratio of the clustered half-width to Wilson's (its design effect), and the rows' baselines
 * weighted by their resolved calls.
 */
function point(label: string, rows: readonly CalibrationRowInput[], widen = 1): CalibrationPoint {
  const n = rows.reduce((sum, r) => sum + r.resolved, 0);
  const happened = rows.reduce((sum, r) => sum + r.happened, 0);
  const stated = rows.reduce((sum, r) => sum + (r.meanProbability ?? 0) * r.resolved, 0) / n;
  const observed = happened / n;
  const withBaseline = rows.filter((r) => r.observedRateBaseline != null);
  const weight = withBaseline.reduce((sum, r) => sum + r.resolved, 0);
  const baseline = weight
    ? withBaseline.reduce((sum, r) => sum + r.observedRateBaseline! * r.resolved, 0) / weight
    : null;
  const only = rows.length === 1 ? rows[0]! : null;
  if (only && only.observedLow != null && only.observedHigh != null)
    return { label, stated, observed, low: only.observedLow, high: only.observedHigh, n, baseline };
  const w = wilson(happened, n);
  return {
    label,
    stated,
    observed,
    low: Math.max(0, observed - (observed - w.low) * widen),
    high: Math.min(1, observed + (w.high - observed) * widen),
    n,
    baseline,
  };
}

/**
 * How much wider the clustered interval of the whole record is than Wilson's on the same calls (1 when unknown):
 * what joined bins widen their Wilson interval by.
 */
export function designWidening(total: {
  resolved: number;
  happened: number;
  observedLow: number | null;
  observedHigh: number | null;
}): number {
  if (!total.resolved || total.observedLow === null || total.observedHigh === null) return 1;
  const w = wilson(total.happened, total.resolved);
  const ratio = (total.observedHigh - total.observedLow) / (w.high - w.low);
  return Number.isFinite(ratio) && ratio > 1 ? ratio : 1;
}

/**
 * The API's confidence bands (two points wide, in order) joined with their neighbours until each bar stands on at
 * least `MIN_RESOLVED_PER_BIN` resolved calls; a sparse remainder joins the last bar. Bands without a resolved
 * call are dropped.
 */
export function mergeSparseBands(
  bands: readonly CalibrationRowInput[],
  min = MIN_RESOLVED_PER_BIN,
  widen = 1,
): CalibrationPoint[] {
  const rows = bands.filter((b) => b.resolved > 0 && b.meanProbability !== null);
  const groups: CalibrationRowInput[][] = [];
  let current: CalibrationRowInput[] = [];
  for (const row of rows) {
    current.push(row);
    if (current.reduce((sum, r) => sum + r.resolved, 0) >= min) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length) {
    if (groups.length) groups.at(-1)!.push(...current);
    else groups.push(current);
  }
  return groups.map((g) => point(mergedLabel(g[0]!.label, g.at(-1)!.label), g, widen));
}

/**
 * What the calibration chart plots (decision 048): the stated-confidence bins when there are at least two with
 * enough calls to compare; else, every call having stated about the same probability, a bar per year (stated
 * against happened, each on its own calls), which says whether that one probability held over time.
 */
export function calibrationView(
  bands: readonly CalibrationRowInput[],
  years: readonly CalibrationRowInput[],
  widen = 1,
):
  | { by: "confidence"; points: CalibrationPoint[] }
  | { by: "year"; statedRange: string | null; points: CalibrationPoint[] } {
  const merged = mergeSparseBands(bands, MIN_RESOLVED_PER_BIN, widen);
  // None resolved yet: nothing to compare, by confidence or by year.
  if (merged.length !== 1) return { by: "confidence", points: merged };
  const points = years
    .filter((y) => y.resolved > 0 && y.meanProbability !== null)
    .map((y) => point(y.label, [y], widen));
  return { by: "year", statedRange: merged[0]?.label ?? null, points };
}
