/**
 * The one module that turns numbers and dates into what a person reads (docs/decisions/126-one-vocabulary.md,
 * which takes over decision 083's rounding rule). Nothing else in web/ calls `toFixed`, `toLocaleString` or
 * builds an `Intl` format.
 *
 * Rounding: a fraction becomes a percentage by `* 100` with binary noise dropped (12 significant digits), then
 * rounds half away from zero (0.0145 is 1.5%, as written, where `(0.0145 * 100).toFixed(1)` says 1.4); a
 * percentage has one decimal wherever it is read; a difference shown beside the two figures it compares is taken
 * between those figures as shown, so the reader's own subtraction agrees ("+5.3% against +2.1%" beat the median
 * by 3.2 points, even when the unrounded gap is 3.14). Money has two decimals (the spec's).
 *
 * Dates: a calendar day reads "Oct 27, 2023"; an instant reads "Oct 27, 2023, 3:59 PM" in the viewer's zone.
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

/**
 * An Intl format made on its first use and kept. Building one takes a few milliseconds on a slow phone: made when
 * this module loaded, four of them held up the first paint of every page (issue 43); made on every call, as
 * `toLocaleDateString(locale, options)` does, they cost more than the cards they wrote (decision 047).
 */
function firstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
const dollars = firstUse(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", ...two }),
);
const compactDollars = firstUse(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", ...two }),
);

/**
 * Intl's compact notation with the spec's three letters: it would say "T" from a trillion on, where the spec's
 * scale stops at B ("$1,200.00B"). docs/decisions/045.
 */
function compactMoney(n: number): string {
  const parts = compactDollars().formatToParts(n);
  if (parts.some((p) => p.type === "compact" && p.value !== "K" && p.value !== "M" && p.value !== "B")) {
    return `${dollars().format(n / 1e9)}B`;
  }
  return parts.map((p) => p.value).join("");
}

const toNumber = (value: number | string | null | undefined) =>
  typeof value === "string" ? Number(value) : value;

/**
 * Money with two decimals; large values (10,000 and up, where a price's cents stop mattering) abbreviated with
 * K, M or B, so a revenue estimate and a price move beside it read alike.
 */
export function formatMoney(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  return Math.abs(n) < 1e4 ? plainDollars(n) : compactMoney(n);
}

/**
 * Dollars and cents with thousands separators, as Intl's en-US currency format writes them ("-$1,234.57"): it rounds
 * the shortest decimal that reads back as the number (1.005 is $1.01, where `toFixed` reads the float 1.00499...),
 * half away from zero. Written here because the first Intl format a page builds costs 80-140 ms of a slow phone's
 * main thread (its locale data), and a card's prices were the first (decision 152). For values under 10,000.
 */
function plainDollars(n: number): string {
  const abs = Math.abs(n);
  let cents = 0;
  // Under a millionth String() writes an exponent; such a value is $0.00 either way.
  if (abs >= 1e-6) {
    const [whole, fraction = ""] = String(abs).split(".");
    cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + (fraction[2]! >= "5" ? 1 : 0);
  }
  const grouped = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}$${grouped}.${String(cents % 100).padStart(2, "0")}`;
}

/** A signed percentage value (4.25, not a fraction) with one decimal, e.g. "+4.3%", rounded by the rule above. */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  return signedPercentValue(value, digits);
}

/** A signed amount of money, e.g. "+$1.25" or "-$12.35K" (zero unsigned). */
export function formatSignedMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const rounded = roundHalfAway(value, 2);
  return `${rounded > 0 ? "+" : rounded < 0 ? "-" : ""}${formatMoney(Math.abs(rounded))}`;
}

const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
// One per set of options, each made on first use (see `firstUse`).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar day's words are fixed (en-US, no time zone), so they are written here rather than by an
 * `Intl.DateTimeFormat`: the first Intl format a page builds took 90-140 ms of a slow phone's first render of the
 * dashboard, whose heading shows a date (decision 152). `format.test.ts` holds them to Intl's words.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `YYYY-MM-DD` (or an ISO instant, of which its date) as midnight UTC of that day; null when it is no date. */
function calendarDay(isoDate: string): Date | null {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `YYYY-MM-DD` as "Oct 27", for chart axes and tooltips where the year is shown elsewhere or clear. */
export function formatShortDate(isoDate: string): string {
  const d = calendarDay(isoDate);
  return d ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}` : isoDate;
}

/** `YYYY-MM-DD` as "Oct 27, 2023", without time-zone drift (written out, decisions 152 and 154). */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return "—";
  const d = calendarDay(isoDate);
  return d ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}` : isoDate;
}

/** A count, whole, with thousands separators: "1,310" (written out, as formatDate is). */
export function formatCount(n: number): string {
  const whole = Math.round(Math.abs(n));
  if (!Number.isSafeInteger(whole)) return String(n);
  return `${n < 0 && whole > 0 ? "-" : ""}${String(whole).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** A statistic (a t, an AUC, a Brier score) with `digits` decimals, rounded by the rule above: "2.31". */
export function formatStatistic(value: number, digits: number): string {
  return fixed(roundHalfAway(value, digits), digits);
}

/** An instant (a timestamp) as day and time in the viewer's zone: "Nov 28, 2026, 9:14 AM". */
export function formatInstant(instant: string | number | Date | null | undefined): string {
  if (instant === null || instant === undefined) return "—";
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) return String(instant);
  return dateFormat(DAY_AND_TIME).format(d);
}

/** An instant's time of day in the viewer's zone: "9:14 AM". */
export function formatTime(instant: string | number | Date): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  return dateFormat({ hour: "numeric", minute: "2-digit" }).format(d);
}

/**
 * When a price was observed, short: the day for a daily close ("Oct 27, 2023"), day and time for a live quote
 * ("Nov 23, 2026, 3:59 PM" in the viewer's time zone).
 */
export function formatAsOf(asOf: string | null | undefined): string | null {
  if (!asOf) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return formatDate(asOf);
  const d = new Date(asOf);
  if (Number.isNaN(d.getTime())) return asOf;
  return dateFormat(DAY_AND_TIME).format(d);
}
