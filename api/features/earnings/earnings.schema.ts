import { z } from "@hono/zod-openapi";

export const EarningsEntry = z
  .object({
    symbol: z.string(),
    companyName: z.string(),
    industry: z.string().openapi({ description: "'N/A' when unknown" }),
    quarter: z.number().int().min(1).max(4),
    year: z.number().int(),
    date: z.string().openapi({ format: "date" }),
    time: z.string().openapi({ description: "Contains pre, post, or 'time not set'" }),
    growthProbability: z
      .number()
      .int()
      .min(0)
      .max(100)
      .openapi({
        description:
          "Chance (percent) the close 5 sessions after the report is above the close before it: the stock's past " +
          "reactions that rose, shrunk toward the universe's rate (docs/earnings-model.md)",
      }),
    pastReactionsRose: z.number().int().min(0).openapi({
      description: "How many of the stock's past detected report reactions closed higher 5 sessions on",
    }),
    pastReactions: z.number().int().min(0).openapi({
      description: "How many past report reactions of the stock were detected in the history counted",
    }),
    universeRiseRate: z
      .number()
      .int()
      .min(0)
      .max(100)
      .openapi({ description: "Percent of all stored stocks' past reactions in that history that rose" }),
    growthMeasured: z.boolean().openapi({
      description:
        "true when the entry is of the kind the growth probability was measured on (the demo calendar's estimated " +
        "dates); false for a provider's dates, which the measurement does not cover",
    }),
    targetPrice: z.number().nullable().openapi({ description: "null when no price of the stock is known" }),
    epsEstimate: z.number().nullable().openapi({ description: "null: not available" }),
    revenueEstimate: z.number().nullable().openapi({ description: "null: not available" }),
    estimated: z
      .boolean()
      .openapi({ description: "true when the date is estimated from past report reactions" }),
    basis: z.string(),
  })
  .openapi("EarningsEntry");

export const EarningsAnswer = z
  .object({ earnings: z.array(EarningsEntry), count: z.number().int(), from: z.string(), to: z.string() })
  .openapi("EarningsCalendar");

export type EarningsEntry = z.infer<typeof EarningsEntry>;
