import { z } from "@hono/zod-openapi";
import { calendarDate, fraction } from "../../lib/answer-fields.ts";

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
    weeksCollected: z
      .number()
      .int()
      .openapi({
        description:
          "n: weeks, from firstDate on, with calls of this model whose 20-session outcome is known by the market's " +
          "day (0 in the demo market, whose calls are all for dates before firstDate)",
      }),
    summary: z.string().openapi({ description: 'e.g. "0 of 396 weeks collected"' }),
    document: z.string().openapi({ description: "Where the full pre-registration is" }),
  })
  .openapi("Preregistration", {
    description:
      "The pre-registered test of live calls and how far its data has come (docs/model/preregistration.md)",
  });
