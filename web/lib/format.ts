import { signedPercentValue } from "./figures.ts";

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", ...two });
const compactDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  ...two,
});
const number = new Intl.NumberFormat("en-US", two);
const compactNumber = new Intl.NumberFormat("en-US", { notation: "compact", ...two });

/**
 * Intl's compact notation with the spec's three letters: it would say "T" from a trillion on, where the spec's
 * scale stops at B ("$1,200.00B"). docs/decisions/045.
 */
function compact(n: number, short: Intl.NumberFormat, plain: Intl.NumberFormat): string {
  const parts = short.formatToParts(n);
  if (parts.some((p) => p.type === "compact" && p.value !== "K" && p.value !== "M" && p.value !== "B")) {
    return `${plain.format(n / 1e9)}B`;
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
  return Math.abs(n) < 1e4 ? dollars.format(n) : compact(n, compactDollars, dollars);
}

/** A large count (volume, revenue) abbreviated with K, M or B, two decimals. */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return compact(value, compactNumber, number);
}

/** A signed percentage with one decimal, e.g. "+4.2%", rounded by the one rule of `figures.ts` (decision 083). */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  return signedPercentValue(value, digits);
}

/** A signed amount of money, e.g. "+$1.25" or "-$12.35K" (zero unsigned). */
export function formatSignedMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? "+" : rounded < 0 ? "-" : ""}${formatMoney(Math.abs(rounded))}`;
}

// One formatter each, made on first use: `toLocaleDateString(locale, options)` builds a new Intl.DateTimeFormat on
// every call, which on a slow phone cost more than rendering the cards whose dates it wrote (decision 047).
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

/** `YYYY-MM-DD` as "Oct 27", for chart axes and tooltips where the year is shown elsewhere or clear. */
export function formatShortDate(isoDate: string): string {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return dateFormat({ month: "short", day: "numeric", timeZone: "UTC" }).format(d);
}

/** `YYYY-MM-DD` as "Oct 27, 2023", without time-zone drift. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return "—";
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return dateFormat({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
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
  return dateFormat({
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(d);
}
