import { z } from "@hono/zod-openapi";
import { dollars, priceObservedAt } from "../../lib/answer-fields.ts";
import { idParam } from "../../lib/validation.ts";

export { DEFAULT_ALERT_THRESHOLD, MAX_WATCHLIST_ITEMS } from "./watchlist.constants.ts";
export { AddWatchlistInput, UpdateWatchlistInput } from "./watchlist.input.ts";

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
    currentPriceAsOf: priceObservedAt.nullable().optional(),
    changePercent: z.number().nullable().openapi({
      description: "Percent (10 is 10%): the move from the purchase price, else the added price",
    }),
    shouldAlert: z.boolean(),
    addedAt: z.string().openapi({ format: "date-time" }),
    sparkline: z
      .array(dollars())
      .optional()
      .openapi({ description: "Daily closes of the last 3 months, oldest first" }),
  })
  .openapi("WatchlistItem");

export const WatchlistList = z.array(WatchlistItem);

export const WatchlistIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

export type WatchlistItem = z.infer<typeof WatchlistItem>;
