import { z } from "@hono/zod-openapi";
import { calendarDate, dollars, priceObservedAt } from "../../lib/answer-fields.ts";
import { idParam } from "../../lib/validation.ts";

export { DEFAULT_ALERT_THRESHOLD, MAX_WATCHLIST_ITEMS } from "./watchlist.constants.ts";
export { AddWatchlistInput, UpdateWatchlistInput } from "./watchlist.input.ts";

/** The ranking model's current view of the stock, as an analysis would state it today. */
export const WatchlistModelView = z
  .object({
    decile: z.number().int().min(1).max(10).openapi({ description: "10 is the best-ranked tenth" }),
    probability: z
      .number()
      .min(0)
      .max(1)
      .openapi({
        description:
          "Fraction, 0-1: the calibrated chance of statedEvent, that the stock's total return beats (deciles 6-10) or " +
          "trails (1-5) the median S&P 500 stock's over horizonDays sessions",
      }),
    statedEvent: z.enum(["beats-median", "trails-median"]),
    call: z.enum(["BUY", "SELL", "HOLD", "WATCH"]),
    asOf: calendarDate("the session the stock was ranked on"),
    horizonDays: z.number().int(),
    edgeSignificant: z.boolean().openapi({
      description: "Whether the model card's spread clears its hurdle; if not, read the chance as weak",
    }),
    modelStale: z
      .boolean()
      .openapi({ description: "The session is past the dates the model was trained to serve" }),
  })
  .openapi("WatchlistModelView");

export const WatchlistItem = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    purchasePrice: dollars("what the user paid, as entered").nullable(),
    addedPrice: dollars("the latest price when the item was added").nullable(),
    targetChangePercent: z
      .number()
      .openapi({ description: "Percent (10 is 10%): the move that raises an alert" }),
    currentPrice: dollars("the latest price").nullable(),
    currentPriceAsOf: priceObservedAt().nullable().optional(),
    changePercent: z.number().nullable().openapi({
      description: "Percent (10 is 10%): the move from the purchase price, else the added price",
    }),
    shouldAlert: z.boolean(),
    addedAt: z.string().openapi({ format: "date-time" }),
    sparkline: z
      .array(dollars())
      .optional()
      .openapi({ description: "Daily closes of the last 3 months, oldest first" }),
    model: WatchlistModelView.nullable().optional().openapi({
      description: "The model's view today; null when it cannot rank the stock (absent outside the list)",
    }),
  })
  .openapi("WatchlistItem");

export const WatchlistList = z.array(WatchlistItem);

export const WatchlistIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

export type WatchlistItem = z.infer<typeof WatchlistItem>;
