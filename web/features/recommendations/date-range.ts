/** `YYYY-MM-DD` of a local date. */
export function isoLocalDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The default search range: yesterday to today. */
export function defaultRange(now = new Date()): { fromDate: string; toDate: string } {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return { fromDate: isoLocalDate(yesterday), toDate: isoLocalDate(now) };
}

/** From must be on or before To; empty ends are open. */
export function isValidRange(fromDate: string, toDate: string): boolean {
  return !fromDate || !toDate || fromDate <= toDate;
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
