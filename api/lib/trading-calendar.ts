import { getHolidays } from "nyse-holidays";
import { dayMs, isIsoDay, isoDay } from "./calendar-days.ts";

// NYSE full-day closures that no holiday rule yields, so `nyse-holidays` does not know them (docs/decisions/012).
// A new one (a national day of mourning, a storm) is added here when the exchange announces it.
const SPECIAL_CLOSURES: readonly string[] = [
  "2001-09-11", // September 11 attacks, closed through the 14th
  "2001-09-12",
  "2001-09-13",
  "2001-09-14",
  "2004-06-11", // national day of mourning, President Reagan
  "2007-01-02", // national day of mourning, President Ford
  "2012-10-29", // Hurricane Sandy
  "2012-10-30",
  "2018-12-05", // national day of mourning, President George H. W. Bush
  "2025-01-09", // national day of mourning, President Carter
];

const DAY_MS = 86_400_000;

// The closures of one year, built once: a pure memo of the library's rules plus the list above.
const closuresByYear = new Map<number, ReadonlySet<string>>();

function closuresOf(year: number): ReadonlySet<string> {
  let closures = closuresByYear.get(year);
  if (!closures) {
    // `dateString` is formatted from the same local-time value the library computed, so it does not depend on
    // the process's time zone (checked under UTC, New York, São Paulo, Kiritimati and Pago Pago).
    closures = new Set([
      ...getHolidays(year).map((holiday) => holiday.dateString),
      ...SPECIAL_CLOSURES.filter((day) => day.startsWith(`${year}-`)),
    ]);
    closuresByYear.set(year, closures);
  }
  return closures;
}

/** Milliseconds at UTC midnight of a `YYYY-MM-DD` date; throws a RangeError for anything else. */
function parseDay(date: string): number {
  if (!isIsoDay(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return dayMs(date);
}

function isOpen(ms: number): boolean {
  const d = new Date(ms);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !closuresOf(d.getUTCFullYear()).has(isoDay(ms));
}

/** Whether the NYSE holds a session on `date` (YYYY-MM-DD): not a weekend, not a full-day holiday or closure. */
export function isTradingDay(date: string): boolean {
  return isOpen(parseDay(date));
}

/**
 * The date `sessions` NYSE trading days after `date` (before it when negative); `date` itself need not be a
 * trading day, and 0 returns it unchanged. Early-close days count as sessions.
 */
export function addTradingSessions(date: string, sessions: number): string {
  if (!Number.isInteger(sessions)) throw new RangeError(`Sessions must be an integer: ${sessions}`);
  const step = sessions < 0 ? -DAY_MS : DAY_MS;
  let ms = parseDay(date);
  let left = Math.abs(sessions);
  while (left > 0) {
    ms += step;
    if (isOpen(ms)) left--;
  }
  return isoDay(ms);
}

/**
 * The number of NYSE trading days after `from` up to and including `to`, negative when `to` is before `from`;
 * so `tradingSessionsBetween(d, addTradingSessions(d, n)) === n` for n >= 0.
 */
export function tradingSessionsBetween(from: string, to: string): number {
  const start = parseDay(from);
  const end = parseDay(to);
  const [low, high, sign] = start <= end ? [start, end, 1] : [end, start, -1];
  let count = 0;
  for (let ms = low + DAY_MS; ms <= high; ms += DAY_MS) {
    if (isOpen(ms)) count++;
  }
  return sign * count;
}

/** `date` when it is an NYSE session, else the first session after it (a report estimated on a holiday moves on). */
export function sessionOnOrAfter(date: string): string {
  return isTradingDay(date) ? date : addTradingSessions(date, 1);
}

/** `date` when it is an NYSE session, else the last session before it. */
export function sessionOnOrBefore(date: string): string {
  return isTradingDay(date) ? date : addTradingSessions(date, -1);
}
