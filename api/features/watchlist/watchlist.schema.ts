import { z } from "@hono/zod-openapi";
import { idParam, symbol } from "../../lib/validation.ts";
import { DEFAULT_ALERT_THRESHOLD } from "./watchlist.constants.ts";

export { DEFAULT_ALERT_THRESHOLD, MAX_WATCHLIST_ITEMS } from "./watchlist.constants.ts";

const purchasePrice = z
  .number({ error: "Purchase price must be a number." })
  .positive("Purchase price must be greater than zero.")
  .max(10_000_000, "Purchase price is too large.")
  // Stored as integer cents: a third decimal would be rounded away silently (0.001 became 0). The shortest text of
  // the number is what the client sent, so it tells the decimals exactly (1e-7 has no plain decimal form).
  .refine(
    (v) => /^\d+(\.\d{1,2})?$/.test(String(v)),
    "Purchase price has at most two decimals and is at least 0.01, e.g. 172.55.",
  )
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
