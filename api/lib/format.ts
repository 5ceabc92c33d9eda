/**
 * The server's one rounding and formatting module: every figure a person reads in a reason, a basis, an alert or a
 * key factor is written here, by the same rule as the web's `web/lib/format.ts` (docs/decisions/126-one-vocabulary.md).
 * Nothing else in api/ calls `toFixed` or `toLocaleString`.
 *
 * - Rounding is half away from zero on the decimal value, with binary noise dropped first (12 significant digits),
 *   so 0.0115 is 1.2% as written, where `(0.0115 * 100).toFixed(1)` says 1.1; and never a negative zero.
 * - A percentage has one decimal; money two, with a dollar sign.
 * - A calendar day reads "Oct 27, 2023", as on the web.
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

/** A number written with exactly `digits` decimals, rounded by the rule: a statistic, a beta ("1.23"). */
export const fixed = (value: number, digits: number): string => roundHalfAway(value, digits).toFixed(digits);

/**
 * A fraction kept at the precision a percentage with one decimal shows (0.01245 is 0.012, read "1.2%"), for an
 * answer's numeric field: the web's rounding of it gives the same figure as of the unrounded value.
 */
export const fractionAsShown = (fraction: number): number => roundHalfAway(fraction, 3);

/** A fraction as a signed percentage: "+4.1%", "-2.0%", "0.0%". */
export function signedPercent(fraction: number): string {
  const points = percentPoints(fraction);
  return `${points > 0 ? "+" : ""}${points.toFixed(1)}%`;
}

/** A fraction as a percentage, signed only when negative: a rate, a potential return ("12.5%", "-3.0%"). */
export const ratePercent = (fraction: number): string => `${percentPoints(fraction).toFixed(1)}%`;

/** A fraction's size as a percentage, without sign ("1.2%" for -0.0123): "beat the median by 1.2%". */
export const sizePercent = (fraction: number): string => `${Math.abs(percentPoints(fraction)).toFixed(1)}%`;

/** A percentage value (not a fraction, 4.25) by its size: "4.3%" for -4.25. */
export const sizePercentValue = (value: number): string => `${Math.abs(roundHalfAway(value, 1)).toFixed(1)}%`;

/** A probability as a whole percentage, the spec's `confidence` and `growthProbability` (0.523 is 52). */
export const chancePercent = (fraction: number): number => percentPoints(fraction, 0);

/** `79%`: a measured share in whole points. */
export const wholePercent = (fraction: number): string => `${chancePercent(fraction)}%`;

/** Dollars and cents: "$127.74". */
export const money = (dollars: number): string => `$${fixed(dollars, 2)}`;

/** A price kept as a number of dollars and cents (127.74), for an answer's numeric field. */
export const cents = (dollars: number): number => roundHalfAway(dollars, 2);

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A `YYYY-MM-DD` date as a person reads it: "Oct 27, 2023" (the web's formatDate). */
export const calendarDay = (isoDate: string): string =>
  dayFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));

/** A count with thousands separators: "1,310". */
export const count = (n: number): string => Math.round(n).toLocaleString("en-US");
