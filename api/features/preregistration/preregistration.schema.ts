import { z } from "@hono/zod-openapi";
import { calendarDate, fraction } from "../../lib/answer-fields.ts";

const DateCorrelation = z.object({
  date: calendarDate("a scoring date"),
  correlation: z
    .number()
    .nullable()
    .openapi({
      description:
        "Spearman rank correlation (ties at average ranks) of the live score with the next 20 sessions' total " +
        "return over the members scored; null when fewer than 3 have both or neither side varies (not collected)",
    }),
  members: z.number().int().openapi({ description: "Index members the app knew that date" }),
  leftOut: z
    .number()
    .int()
    .openapi({ description: "Members the model could not score (too little history)" }),
});

const TStatistic = z.object({
  dates: z.number().int().openapi({ description: "Collected dates the figures are over" }),
  meanCorrelation: z.number(),
  sd: z.number().openapi({ description: "Standard deviation of the per-date correlations (n - 1)" }),
  t: z.number().openapi({ description: "mean / (sd / √dates)" }),
  degreesOfFreedom: z.number().int(),
  p: fraction("one-sided p-value, P(T > t) for a mean correlation of 0"),
});

export const PreregistrationAnswer = z
  .object({
    modelFile: z.string().openapi({ description: "The committed model file that serves live calls" }),
    modelVersion: z.string(),
    sha256: z.string().openapi({
      description:
        "SHA-256 of that file, fixed before any live call was scored; a retrained model has another",
    }),
    statistic: z.string().openapi({ description: "The one statistic fixed in advance" }),
    test: z.string().openapi({ description: "The one test fixed in advance" }),
    firstDate: calendarDate("the first market day whose live calls count"),
    effect: z.number().openapi({ description: "The mean per-date rank correlation the test is powered for" }),
    alpha: fraction("one-sided significance level"),
    power: fraction("chance of detecting `effect` when it is true"),
    perDateSd: z.number().openapi({
      description: "Standard deviation of the per-date rank correlation on the walk-forward data",
    }),
    datesNeeded: z
      .number()
      .int()
      .openapi({ description: "Non-overlapping scoring dates (20 sessions apart) the test needs" }),
    weeksNeeded: z.number().int().openapi({ description: "N: weeks of weekly live calls that gives" }),
    datesCollected: z
      .number()
      .int()
      .openapi({
        description:
          "Scoring dates (the first market day on or after firstDate, then every 20th session) whose 20-session " +
          "outcome the stored prices know by the market's day and on which the daily job recorded every index " +
          "member's score with this model file (SHA-256 above) on the date itself; each has a correlation in `dates`",
      }),
    weeksCollected: z
      .number()
      .int()
      .openapi({
        description:
          "n: datesCollected × 4, the weeks of weekly live calls those dates stand for (0 in the demo market, " +
          "whose dates are all before firstDate and whose calls are all simulated)",
      }),
    datesMissed: z
      .number()
      .int()
      .openapi({
        description:
          "Resolved scoring dates with no live scoring recorded (the daily job did not score that day): not " +
          "replaced by another date, the sample just takes longer",
      }),
    knownThrough: calendarDate("the last session whose prices are stored by the market's day").nullable(),
    summary: z.string().openapi({ description: 'e.g. "0 of 396 weeks collected"' }),
    dates: z
      .array(DateCorrelation)
      .openapi({ description: "Each resolved scoring date with a live scoring" }),
    running: TStatistic.nullable().openapi({
      description:
        "The statistic so far over every collected date: not the test's verdict, which is taken once at " +
        "datesNeeded dates. Null with fewer than two dates (no standard deviation yet)",
    }),
    verdict: TStatistic.extend({
      critical: z.number().openapi({ description: "t(1 - alpha, datesNeeded - 1): 1.6606 for 99 dates" }),
      significant: z.boolean().openapi({ description: "t > critical: a mean correlation above 0 at 5%" }),
    })
      .nullable()
      .openapi({
        description:
          "The pre-registered test itself, on the first datesNeeded collected dates; null until there are that many",
      }),
    document: z.string().openapi({ description: "Where the full pre-registration is" }),
  })
  .openapi("Preregistration", {
    description:
      "The pre-registered test of live calls and how far its data has come (docs/model/preregistration.md)",
  });
