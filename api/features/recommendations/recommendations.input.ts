// The recommendations requests' schemas that the web's forms also validate with (the historical search's filters,
// the admin's new recommendation and delete by date): plain zod, no zod-to-openapi
// (docs/decisions/078-forms-validate-with-api-schemas.md).
import { z } from "zod";
import { isoDate, moneyCents, symbol } from "../../lib/fields.input.ts";

/** The filters of a recommendations search, before the From-on-or-before-To rule. */
export const historicalFilters = z.object({
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  symbol: symbol.optional(),
  aggressive: z
    .enum(["aggressive", "non-aggressive"], {
      error: "aggressive must be 'aggressive' or 'non-aggressive'.",
    })
    .optional(),
});

/** From must be on or before To; an open end is fine. */
export const validDateRange = (q: { fromDate?: string; toDate?: string }) =>
  !q.fromDate || !q.toDate || q.fromDate <= q.toDate;
export const invalidDateRange = {
  message: "Invalid Date Range: From date must be earlier than or equal to to date.",
  path: ["fromDate"],
};

/** The filters of a recommendations search (the historical list and the track record). */
export const HistoricalQuery = historicalFilters.refine(validDateRange, invalidDateRange);

export const CreateRecommendationInput = z
  .object({
    symbol,
    buyPrice: moneyCents,
    sellTarget: moneyCents,
    confidence: z.coerce
      .number({ error: "Confidence must be a number from 0 to 100." })
      .int("Confidence must be a whole number.")
      .min(0, "Confidence must be from 0 to 100.")
      .max(100, "Confidence must be from 0 to 100."),
    estimatedDate: isoDate,
    reason: z.string().trim().min(1, "Reason is required.").max(4000, "Reason is 4000 characters at most."),
    aggressive: z.boolean().optional().meta({ description: "Optional; decided by the server when omitted" }),
  })
  .refine((r) => r.sellTarget > r.buyPrice, {
    message: "The target price must be above the buy price.",
    path: ["sellTarget"],
  })
  .meta({ id: "CreateRecommendationInput" });

/** The date whose recommendations an admin deletes, `DELETE /api/recommendations/{date}` (and the admin's form). */
export const DeleteByDateParams = z.object({ date: isoDate });

/** The one recommendation an admin deletes, `DELETE /api/recommendations/by-id/{id}` (a per-row delete). */
export const DeleteOneParams = z.object({
  id: z.coerce
    .number({ error: "id must be a recommendation's number." })
    .int("id must be a whole number.")
    .positive("id must be a recommendation's number."),
});

export type HistoricalQuery = z.infer<typeof HistoricalQuery>;
export type CreateRecommendationInput = z.infer<typeof CreateRecommendationInput>;
