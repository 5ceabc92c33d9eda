import { sizePercent } from "../../lib/format.ts";
import type { FiredAlert } from "./watchlist.queries.ts";

/** The bell's accessible name: what it is and how many alerts wait unseen. */
export const bellLabel = (unseen: number) => `Alerts, ${unseen === 0 ? "none" : unseen} unseen`;

/** "AAPL down 6.00%": which way the move crossed, as the alert email words it. */
export const alertHeadline = (a: FiredAlert) =>
  `${a.symbol} ${a.direction} ${sizePercent(a.changePercent / 100, 2)}`;
