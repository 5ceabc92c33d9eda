import { z } from "@hono/zod-openapi";
import { HELD_BACK_COVERAGE_SPAN, RANGE_HELD_BACK_YEARS } from "../../analysis/range-calibration.ts";
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

const FifthShares = z.object({
  fifth: z.number().int().min(1).max(5).openapi({ description: "Volatility fifth of the date (1 calmest)" }),
  members: z.number().int().openapi({ description: "Members of the fifth with a range and a known outcome" }),
  inside: fraction("share whose excess return over the date's median fell inside the range served that day"),
  below: fraction("share below it (10% is the aim)"),
  above: fraction("share above it (10% is the aim)"),
});

const RangeDate = z.object({
  date: calendarDate("a registered date"),
  members: z.number().int().openapi({ description: "Index members recorded that date" }),
  leftOut: z.number().int().openapi({
    description:
      "Members with no range (the model could not score them) or no known outcome: left out, counted",
  }),
  byFifth: z.array(FifthShares).nullable().openapi({
    description: "The date's shares per fifth; null when a fifth has no member to measure (not collected)",
  }),
});

const FifthCoverage = z.object({
  fifth: z.number().int().min(1).max(5),
  dates: z.number().int().openapi({ description: "Collected dates the figures are over" }),
  inside: fraction("mean over dates of the share inside"),
  insideLow: z.number().nullable().openapi({
    description:
      "95% t-interval over dates (the date is the unit), low end, clipped at 0; null under two dates",
  }),
  insideHigh: z.number().nullable().openapi({ description: "The same interval's high end, clipped at 1" }),
  below: fraction("mean over dates of the share below"),
  above: fraction("mean over dates of the share above"),
  targetMet: z.boolean().openapi({ description: "The mean share inside is within target" }),
  missedBeyondChance: z
    .boolean()
    .openapi({ description: "The whole interval lies outside target: a miss larger than chance explains" }),
});

const RangeCheck = z
  .object({
    calibrationFile: z
      .string()
      .openapi({ description: "The served range table, one band per volatility fifth" }),
    calibrationSha256: z
      .string()
      .openapi({ description: "SHA-256 of that file, fixed before any live range was scored" }),
    modelSha256: z.string().openapi({
      description:
        "SHA-256 of the live model file the ranges are built on; only scorings recorded with it count",
    }),
    firstDate: calendarDate("the first market day on or after which registered dates start"),
    horizonSessions: z
      .number()
      .int()
      .openapi({ description: "Sessions between registered dates and to each outcome" }),
    target: z.object({ low: z.number(), high: z.number() }).openapi({
      description: "Share inside each fifth's ranges the check aims for: 0.77-0.83",
    }),
    datesNeeded: z
      .number()
      .int()
      .openapi({ description: "N: non-overlapping dates for a 95% interval of half-width 3 points" }),
    datesCollected: z
      .number()
      .int()
      .openapi({
        description:
          "n: registered dates whose 60-session outcome is known by the market's day, on which the daily job recorded " +
          "every member's range with the registered model file, and with a member to measure in every fifth",
      }),
    datesMissed: z
      .number()
      .int()
      .openapi({ description: "Resolved registered dates with no live scoring recorded: not replaced" }),
    summary: z.string().openapi({ description: 'e.g. "0 of 32 dates collected"' }),
    dates: z.array(RangeDate).openapi({ description: "Each resolved registered date with a live scoring" }),
    running: z
      .array(FifthCoverage)
      .nullable()
      .openapi({
        description:
          "Per fifth over every collected date so far: not the verdict, which is taken once at datesNeeded dates. " +
          "Null before the first date",
      }),
    verdict: z.array(FifthCoverage).nullable().openapi({
      description: "The check itself, per fifth, on the first datesNeeded collected dates; null until then",
    }),
    document: z.string().openapi({ description: "Where the registration is" }),
  })
  .openapi("RangeCheck", {
    description:
      "The pre-registered check of each stock's range on live calls (docs/model/preregistration-ranges.md, decision " +
      `140): on survivorship-free years held back from its fit (${RANGE_HELD_BACK_YEARS}) the range, fitted to hold ` +
      `80% of outcomes, held ${HELD_BACK_COVERAGE_SPAN} by volatility fifth, so it is checked again on dates nobody ` +
      "had seen",
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
    ranges: RangeCheck,
  })
  .openapi("Preregistration", {
    description:
      "The pre-registered test of live calls and how far its data has come (docs/model/preregistration.md)",
  });
