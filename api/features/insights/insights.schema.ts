import { z } from "@hono/zod-openapi";
import { FITTED_RANGE } from "../../analysis/fitted-range.constants.ts";
import { calendarDate, dollars } from "../../lib/answer-fields.ts";
import { modelEvidence } from "../../lib/model-evidence.schema.ts";

export const Insight = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    recommendation: z.enum(["BUY", "SELL", "HOLD", "WATCH"]),
    riskLevel: z.enum(["LOW", "MEDIUM", "HIGH"]),
    currentPrice: dollars("the price the analysis started from"),
    projectedPrice: dollars(
      "with expectedExcessReturn: currentPrice × (1 + expectedExcessReturn), a mark relative to the median " +
        "S&P 500 member, NOT an expected price (a SELL's is below currentPrice even when the stock is expected " +
        "to rise with the market; the UI shows the excess instead, docs/decisions/114-prices-that-mean-what-they-" +
        "say.md); on older analyses without it, the price expected at targetDate",
    ),
    confidence: z
      .number()
      .int()
      .openapi({
        description:
          "The calibrated probability, in percent, of the event the call states: for a SELL, and a WATCH in " +
          "deciles 1-5, that the stock's total return trails the universe's median over the horizon; for every " +
          "other call (every HOLD) that it beats it",
      }),
    timeHorizon: z.string(),
    targetDate: z.string().openapi({ format: "date" }),
    reasoning: z.string(),
    newsImpact: z.enum(["POSITIVE", "NEGATIVE", "NEUTRAL"]),
    keyFactors: z.array(z.string()),
    newsSummary: z.string().nullable().optional(),
    probability: z.number().nullable().optional(),
    modelVersion: z.string().nullable().optional(),
    asOf: calendarDate("the market date the analysis used").nullable().optional(),
    decile: z
      .number()
      .int()
      .min(1)
      .max(10)
      .nullable()
      .optional()
      .openapi({ description: "The stock's rank in the universe on asOf; 10 is the best-ranked tenth" }),
    expectedReturn: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: "Expected total return over horizonDays sessions, fraction" }),
    expectedReturnLow: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: `Low end of the total return's ${FITTED_RANGE}, fraction` }),
    expectedReturnHigh: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: `High end of the total return's ${FITTED_RANGE}, fraction` }),
    horizonDays: z.number().int().nullable().optional().openapi({ description: "Trading sessions" }),
    newsAvailable: z.boolean().optional().openapi({
      description: "False when no news source is configured: newsImpact then says nothing about news",
    }),
    ...modelEvidence().shape,
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Insight");

export { AnalyzeInput } from "./insights.input.ts";

export const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize is 100 at most.").default(50),
});

export type Insight = z.infer<typeof Insight>;
