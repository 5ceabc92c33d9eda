// The watchlist requests' schemas, shared by the API's validator and the web's add and edit form: plain zod, no
// zod-to-openapi (docs/decisions/078-forms-validate-with-api-schemas.md).
import { z } from "zod";
import { tickerSymbol } from "../../lib/fields.input.ts";
import { DEFAULT_ALERT_THRESHOLD } from "./watchlist.constants.ts";

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
  .meta({
    example: 172.5,
    description: "Optional; the move is measured from the price when added without it",
  });

const targetChangePercent = z
  .number({
    // A blank threshold in the form is sent as null: required, not a default (spec section 5).
    error: (issue) =>
      issue.input == null ? "Alert threshold is required." : "Alert threshold must be a number.",
  })
  .positive("Alert threshold must be greater than zero.")
  .max(1000, "Alert threshold is 1000% at most.")
  .meta({ example: 10, description: "Alert when the move reaches this many percent, up or down" });

export const AddWatchlistInput = z
  .object({
    // The spec's words for a blank symbol (section 5), which the API answers too.
    symbol: tickerSymbol("Stock symbol is required"),
    purchasePrice,
    targetChangePercent: targetChangePercent.default(DEFAULT_ALERT_THRESHOLD),
  })
  .meta({ id: "AddWatchlistInput" });

export const UpdateWatchlistInput = z
  .object({ purchasePrice, targetChangePercent })
  .meta({ id: "UpdateWatchlistInput" });

export type AddWatchlistInput = z.infer<typeof AddWatchlistInput>;
export type UpdateWatchlistInput = z.infer<typeof UpdateWatchlistInput>;
