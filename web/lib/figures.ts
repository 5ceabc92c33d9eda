/**
 * The one rounding rule for the percentages a recommendation, its dialog, the history table and the track record
 * show (docs/decisions/083-history-table-csv-and-one-rounding-rule.md):
 * - a fraction becomes a percentage by `* 100` with binary noise dropped (12 significant digits), then rounds half
 *   away from zero (0.0145 is 1.5%, as written, where `(0.0145 * 100).toFixed(1)` says 1.4);
 * - a difference shown beside the two figures it compares is taken between those figures as shown, so the reader's
 *   own subtraction agrees: "+5.3% against +2.1%" beat the median by 3.2 points, even when the unrounded gap is 3.14.
 */

/** `value` rounded half away from zero to `digits` decimals, after dropping float noise (`1.4499999999999997`). */
export function roundHalfAway(value: number, digits = 1): number {
  const scale = 10 ** digits;
  const clean = Number((Math.abs(value) * scale).toPrecision(12));
  const rounded = (Math.sign(value) * Math.round(clean)) / scale;
  return rounded === 0 ? 0 : rounded;
}

/** A fraction (0.0531) as percentage points rounded by the rule (5.3). */
export const percentPoints = (fraction: number, digits = 1): number => roundHalfAway(fraction * 100, digits);

/** An already-rounded number written with exactly `digits` decimals. */
const fixed = (value: number, digits: number) => (value === 0 ? 0 : value).toFixed(digits);

/** A percentage value (4.25) signed, one decimal by default: "+4.3%", "-1.0%", "0.0%". */
export function signedPercentValue(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const rounded = roundHalfAway(value, digits);
  return `${rounded > 0 ? "+" : ""}${fixed(rounded, digits)}%`;
}

/** A fraction as a signed percentage: a return, an excess return ("+5.3%"). */
export const signedPercent = (fraction: number | null | undefined, digits = 1): string =>
  fraction === null || fraction === undefined ? "—" : signedPercentValue(fraction * 100, digits);

/** A fraction as an unsigned percentage: a rate, a probability ("56.4%"). */
export function ratePercent(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return "—";
  return `${fixed(percentPoints(fraction, digits), digits)}%`;
}

/** The size of a fraction as a percentage, without sign ("1.2%" for -0.0123). */
export const sizePercent = (fraction: number, digits = 1): string =>
  `${fixed(Math.abs(percentPoints(fraction, digits)), digits)}%`;

/** How far `a` is above `b` in percentage points, both fractions, taken between the figures as shown. */
export function pointsBetween(a: number, b: number, digits = 1): number {
  return roundHalfAway(percentPoints(a, digits) - percentPoints(b, digits), digits);
}

/** A difference in percentage points, signed: "+12.7 points" (a fraction's difference, already rounded or not). */
export function signedPoints(points: number | null | undefined, digits = 1): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return "—";
  const rounded = roundHalfAway(points, digits);
  return `${rounded >= 0 ? "+" : ""}${fixed(rounded, digits)} points`;
}

/** A whole-number chance from a fraction ("52%"): the card's badge and the table's probability column. */
export const wholePercent = (fraction: number): string => `${roundHalfAway(fraction * 100, 0)}%`;
