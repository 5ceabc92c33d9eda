import { z } from "@hono/zod-openapi";
import { symbol } from "../../lib/validation.ts";

export const Insight = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    recommendation: z.enum(["BUY", "SELL", "HOLD", "WATCH"]),
    riskLevel: z.enum(["LOW", "MEDIUM", "HIGH"]),
    currentPrice: z.number(),
    projectedPrice: z.number(),
    confidence: z
      .number()
      .int()
      .openapi({ description: "Calibrated probability, in percent, that the call is right" }),
    timeHorizon: z.string(),
    targetDate: z.string().openapi({ format: "date" }),
    reasoning: z.string(),
    newsImpact: z.enum(["POSITIVE", "NEGATIVE", "NEUTRAL"]),
    keyFactors: z.array(z.string()),
    newsSummary: z.string().nullable().optional(),
    probability: z.number().nullable().optional(),
    modelVersion: z.string().nullable().optional(),
    asOf: z.string().nullable().optional().openapi({ description: "Market date the analysis used" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Insight");

export const AnalyzeInput = z.object({ symbol }).openapi("AnalyzeInput");

export const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize is 100 at most.").default(50),
});

export type Insight = z.infer<typeof Insight>;
