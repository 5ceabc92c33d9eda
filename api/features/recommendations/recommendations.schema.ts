import { z } from "@hono/zod-openapi";
import { isoDate, moneyCents, symbol } from "../../lib/validation.ts";

export const Recommendation = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    buyPrice: z.string().openapi({ example: "187.25", description: "Decimal string" }),
    sellTarget: z.string().openapi({ example: "205.00", description: "Decimal string" }),
    confidence: z.number().int().min(0).max(100),
    aggressive: z.boolean(),
    aggressiveBasis: z.string().openapi({ description: "How the risk level was decided" }),
    estimatedDate: z.string().openapi({ format: "date" }),
    recommendationDate: z.string().openapi({ format: "date" }),
    reason: z.string(),
    source: z.enum(["admin", "model"]),
    currentPrice: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: "Latest price; null when unavailable" }),
    currentPriceAsOf: z.string().nullable().optional(),
    outcome: z
      .object({
        status: z.enum(["open", "hit", "missed"]),
        exitDate: z.string().nullable(),
        realisedReturn: z.number().nullable(),
        benchmarkReturn: z.number().nullable(),
        beatIndex: z.boolean().nullable(),
      })
      .nullable()
      .optional()
      .openapi({ description: "How the call has turned out so far (track record)" }),
  })
  .openapi("Recommendation");

export const RecommendationList = z.array(Recommendation);

export const HistoricalQuery = z
  .object({
    fromDate: isoDate.optional(),
    toDate: isoDate.optional(),
    symbol: symbol.optional(),
    aggressive: z
      .enum(["aggressive", "non-aggressive"], {
        error: "aggressive must be 'aggressive' or 'non-aggressive'.",
      })
      .optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: "Invalid Date Range: From date must be earlier than or equal to to date.",
    path: ["fromDate"],
  });

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
    aggressive: z
      .boolean()
      .optional()
      .openapi({ description: "Optional; decided by the server when omitted" }),
  })
  .refine((r) => r.sellTarget > r.buyPrice, {
    message: "The target price must be above the buy price.",
    path: ["sellTarget"],
  })
  .openapi("CreateRecommendationInput");

export const CreateRecommendationQuery = z.object({
  recommendationDate: isoDate
    .optional()
    .openapi({ description: "Defaults to today in the market's time zone" }),
});

export const CreateRecommendationAnswer = z
  .object({
    message: z.string(),
    recommendation: Recommendation,
    postedAt: z.string().openapi({ format: "date-time" }),
    usedDate: z.string().openapi({ format: "date" }),
  })
  .openapi("CreateRecommendationAnswer");

export const DeleteByDateAnswer = z.object({ message: z.string(), deleted: z.number().int() });

export type Recommendation = z.infer<typeof Recommendation>;
export type CreateRecommendationInput = z.infer<typeof CreateRecommendationInput>;
export type HistoricalQuery = z.infer<typeof HistoricalQuery>;

export const PerformanceBand = z.object({
  band: z.string(),
  count: z.number().int(),
  resolved: z.number().int(),
  hitRate: z.number().nullable(),
  meanConfidence: z.number().nullable(),
  beatRate: z.number().nullable(),
});

export const PerformanceAnswer = z
  .object({
    asOf: z.string(),
    method: z.string(),
    count: z.number().int(),
    open: z.number().int(),
    resolved: z.number().int(),
    hits: z.number().int(),
    hitRate: z.number().nullable(),
    beatRate: z.number().nullable(),
    averageReturn: z.number().nullable(),
    medianReturn: z.number().nullable(),
    averageExcessReturn: z.number().nullable(),
    bands: z.array(PerformanceBand),
    deciles: z.array(PerformanceBand),
    cumulative: z.array(z.object({ date: z.string(), strategy: z.number(), benchmark: z.number() })),
  })
  .openapi("Performance");
