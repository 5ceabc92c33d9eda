import { z } from "@hono/zod-openapi";
import { calendarDate, datePeriod, dollars, fraction } from "../../lib/answer-fields.ts";

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
          "Chance (percent) the close 5 sessions after the report is above the close before it: reportsRose of " +
          "reportsCounted, smoothed toward the universe's rate (formula in docs/earnings-model.md). Out of " +
          "sample it does not beat stating that rate (measured.growth), so it is that record's smoothed share, " +
          "not a forecast with an edge",
      }),
    reportsRose: z.number().int().min(0).openapi({
      description: "Of reportsCounted, how many the stock closed higher after, 5 sessions on",
    }),
    reportsCounted: z
      .number()
      .int()
      .min(0)
      .openapi({
        description:
          "The stock's past reports counted: report reactions detected from reportsSince and confirmed by the " +
          "market's day (in the demo market, report days found from trading volume)",
      }),
    reportsSince: z
      .string()
      .openapi({ format: "date", description: "Reports are counted from this date on" }),
    universeRiseRate: fraction("share of all stored stocks' past reactions in that history that rose"),
    growthMeasured: z.boolean().openapi({
      description:
        "true when the entry is of the kind the growth probability was measured on (the demo calendar's estimated " +
        "dates); false for a provider's dates, which the measurement does not cover",
    }),
    targetPrice: dollars(
      "the price expected 5 sessions after the report; null when the estimate did no better than the price " +
        "of the day out of sample (measured.target), or no price is known: targetPriceNote says which",
    ).nullable(),
    targetPriceNote: z.string().openapi({
      description:
        'Why targetPrice is null ("No target: our estimate did no better than today\'s price"), or its ' +
        "measured error when it is served",
    }),
    epsEstimate: dollars("earnings per share; null: not available").nullable(),
    revenueEstimate: dollars("null: not available").nullable(),
    estimated: z
      .boolean()
      .openapi({ description: "true when the date is estimated from past report reactions" }),
    basis: z.string(),
  })
  .openapi("EarningsEntry");

export const EarningsMeasured = z
  .object({
    period: datePeriod(),
    entries: z.number().int().openapi({ description: "Estimated report dates scored, out of sample" }),
    dates: z
      .object({
        entries: z.number().int().openapi({ description: "Estimated dates scored for their accuracy" }),
        to: calendarDate("the last estimated date scored (every reaction near it confirmed)"),
        withinOneSession: fraction(
          "share of the estimated dates within 1 trading session of the stock's nearest detected report reaction",
        ),
        withinSevenSessions: fraction("the same within 7 trading sessions"),
      })
      .openapi({
        description:
          "How good the estimated dates are: each date the demo calendar would have shown from period.from, " +
          "against the stock's nearest report reaction found from prices (docs/earnings-model.md)",
      }),
    growth: z.object({
      brier: z.number(),
      brierBaseRate: fraction("Brier score of stating the universe's rate"),
      beatsBaseRate: z.boolean().openapi({
        description: "Lower than the base rate's by at least 2 standard errors; otherwise the counts lead",
      }),
    }),
    target: z.object({
      meanAbsoluteError: z.number().openapi({ description: "Fraction of the price of the day shown" }),
      meanAbsoluteErrorToday: z.number().openapi({ description: "The same for that day's price itself" }),
      beatsToday: z.boolean(),
    }),
  })
  .openapi("EarningsMeasured", {
    description:
      "How the estimated dates, the growth probability and the target price measured up (docs/earnings-model.md)",
  });

export const EarningsAnswer = z
  .object({
    earnings: z.array(EarningsEntry),
    count: z.number().int(),
    from: calendarDate("the window's first day"),
    to: calendarDate("the window's last day"),
    measured: EarningsMeasured,
  })
  .openapi("EarningsCalendar");

export type EarningsEntry = z.infer<typeof EarningsEntry>;
