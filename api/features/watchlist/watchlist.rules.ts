import { percentPoints } from "../../lib/format.ts";

/** The move in percent from the purchase price, or from the price when added if there is none. */
export function changePercent(
  current: number | null,
  purchase: number | null,
  added: number | null,
): number | null {
  const base = purchase ?? added;
  if (current === null || base === null || base <= 0) return null;
  return percentPoints((current - base) / base, 2);
}

/** An item alerts when the size of its move reaches the threshold, in either direction. */
export function shouldAlert(change: number | null, threshold: number): boolean {
  return change !== null && Math.abs(change) >= threshold;
}
