/**
 * The one place the server does arithmetic on calendar dates (`YYYY-MM-DD`, read as UTC midnight, so no time zone
 * or daylight-saving change can move a day). Trading sessions are counted in `trading-calendar.ts`, on top of these.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds at UTC midnight of a `YYYY-MM-DD` date (NaN for anything else). */
export const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** The `YYYY-MM-DD` date of an instant, in UTC. */
export const isoDay = (instant: number | Date): string => new Date(instant).toISOString().slice(0, 10);

/** Whether `date` is a real `YYYY-MM-DD` day (not 2023-02-30). */
export function isIsoDay(date: string): boolean {
  const ms = dayMs(date);
  return ISO_DATE.test(date) && !Number.isNaN(ms) && isoDay(ms) === date;
}

/** The date `days` calendar days after `date` (before it when negative). */
export const addDays = (date: string, days: number): string => isoDay(dayMs(date) + days * DAY_MS);

/** Calendar days from `from` to `to`, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** The Monday of `date`'s week. */
export function mondayOf(date: string): string {
  const weekday = new Date(dayMs(date)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}
