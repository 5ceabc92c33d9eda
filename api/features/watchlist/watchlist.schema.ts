import { z } from "@hono/zod-openapi";
import { idParam } from "../../lib/validation.ts";

export { DEFAULT_ALERT_THRESHOLD, MAX_WATCHLIST_ITEMS } from "./watchlist.constants.ts";
export { AddWatchlistInput, UpdateWatchlistInput } from "./watchlist.input.ts";

export const WatchlistItem = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    purchasePrice: z.number().nullable(),
    addedPrice: z.number().nullable(),
    targetChangePercent: z.number(),
    currentPrice: z.number().nullable(),
    currentPriceAsOf: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "When the current price was observed (a date for a daily close)" }),
    changePercent: z
      .number()
      .nullable()
      .openapi({ description: "Move from the purchase price, else the added price" }),
    shouldAlert: z.boolean(),
    addedAt: z.string().openapi({ format: "date-time" }),
    sparkline: z
      .array(z.number())
      .optional()
      .openapi({ description: "Daily closes of the last 3 months, oldest first" }),
  })
  .openapi("WatchlistItem");

export const WatchlistList = z.array(WatchlistItem);

export const WatchlistIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

export type WatchlistItem = z.infer<typeof WatchlistItem>;
