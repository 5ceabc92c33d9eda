import { z } from "@hono/zod-openapi";
import { idParam, symbol } from "../../lib/validation.ts";

export const DEFAULT_ALERT_THRESHOLD = 10;
export const MAX_WATCHLIST_ITEMS = 500;

const purchasePrice = z
  .number({ error: "Purchase price must be a number." })
  .positive("Purchase price must be greater than zero.")
  .max(10_000_000, "Purchase price is too large.")
  .nullable()
  .optional()
  .openapi({
    example: 172.5,
    description: "Optional; the move is measured from the price when added without it",
  });

const targetChangePercent = z
  .number({ error: "Alert threshold must be a number." })
  .positive("Alert threshold must be greater than zero.")
  .max(1000, "Alert threshold is 1000% at most.")
  .openapi({ example: 10, description: "Alert when the move reaches this many percent, up or down" });

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

export const AddWatchlistInput = z
  .object({
    symbol,
    purchasePrice,
    targetChangePercent: targetChangePercent.default(DEFAULT_ALERT_THRESHOLD),
  })
  .openapi("AddWatchlistInput");

export const UpdateWatchlistInput = z
  .object({ purchasePrice, targetChangePercent })
  .openapi("UpdateWatchlistInput");

export const WatchlistIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

export type WatchlistItem = z.infer<typeof WatchlistItem>;
export type AddWatchlistInput = z.infer<typeof AddWatchlistInput>;
export type UpdateWatchlistInput = z.infer<typeof UpdateWatchlistInput>;
