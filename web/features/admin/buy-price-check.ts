import { formatMoney, sizePercent } from "../../lib/format.ts";

/** How far (as a fraction of the close) a pick's buy price may sit from that day's close before posting asks. */
export const BUY_PRICE_TOLERANCE = 0.02;

/**
 * Whether `buy` is more than 2% away from `close`: an editor who types $120 for a stock that closed at $127.74 is
 * asked before the pick shows a day-zero gain it never had (issue 42). Unknown close: nothing to check.
 */
export function farFromClose(buy: number | "", close: number | null | undefined): boolean {
  if (buy === "" || close == null || close <= 0) return false;
  return Math.abs(buy - close) / close > BUY_PRICE_TOLERANCE;
}

/** "$120.00 is 6.1% below the close of $127.74": what the confirmation says. */
export function distanceFromCloseText(buy: number, close: number): string {
  const away = sizePercent((buy - close) / close);
  return `${formatMoney(buy)} is ${away} ${buy < close ? "below" : "above"} the close of ${formatMoney(close)}`;
}
