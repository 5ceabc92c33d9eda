import { isoLocalDate } from "../../lib/market-status.queries.ts";

/**
 * The default search range: the day before `today` to `today`, where today is the app's (the market's date on
 * the demo market, decision 035), as `YYYY-MM-DD` or a local date.
 */
export function defaultRange(today: string | Date = new Date()): { fromDate: string; toDate: string } {
  const end = typeof today === "string" ? today : isoLocalDate(today);
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return { fromDate: d.toISOString().slice(0, 10), toDate: end };
}

/** Groups by recommendation date, newest date first, keeping each group's order. */
export function groupByDate<T extends { recommendationDate: string }>(
  items: readonly T[],
): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.recommendationDate) ?? [];
    list.push(item);
    groups.set(item.recommendationDate, list);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
}
