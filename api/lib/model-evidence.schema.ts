import { z } from "@hono/zod-openapi";
import { FITTED_RANGE } from "../analysis/fitted-range.constants.ts";
import { HELD_BACK_COVERAGE_SPAN, RANGE_HELD_BACK_YEARS } from "../analysis/range-calibration.ts";
import { builtOnFirstUse } from "./built-on-first-use.ts";

/** What such ranges held where they were tested: said beside each end, so no reader takes the 80% as measured. */
const RANGE_HELD =
  "from the stock's own volatility and its volatility fifth's band. On survivorship-free years held back from the " +
  `fit (${RANGE_HELD_BACK_YEARS}) such ranges held ${HELD_BACK_COVERAGE_SPAN} of outcomes, by volatility fifth; the ` +
  "reason text quotes the stock's own fifth";

/**
 * What every model call and analysis carries beside its probability (docs/decisions/066-calls-that-agree.md): the
 * stated event, the expected return against the median stock (positive for a BUY, negative for a SELL) with the
 * stock's own range fitted to hold 80% of outcomes, and how far the evidence and the model's training reach.
 */
export const modelEvidence = builtOnFirstUse(() =>
  z.object({
    statedEvent: z
      .enum(["beats-median", "trails-median"])
      .nullable()
      .optional()
      .openapi({
        description:
          "What the probability is the chance of: the stock's total return beating (or trailing) the median S&P 500 " +
          "member's over horizonDays sessions",
      }),
    expectedExcessReturn: z
      .number()
      .nullable()
      .optional()
      .openapi({
        description:
          "Expected total return minus the median S&P 500 member's over horizonDays sessions, fraction: positive for " +
          "a BUY, negative for a SELL",
      }),
    expectedExcessLow: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: `Low end of the excess return's ${FITTED_RANGE}, ${RANGE_HELD}` }),
    expectedExcessHigh: z
      .number()
      .nullable()
      .optional()
      .openapi({ description: `High end of the excess return's ${FITTED_RANGE}, ${RANGE_HELD}` }),
    edgeSignificant: z
      .boolean()
      .nullable()
      .optional()
      .openapi({
        description:
          "Whether the model card's out-of-sample decile spread clears the hurdle for every design tried; null for an " +
          "editor's pick",
      }),
    modelTrainedThrough: z
      .string()
      .nullable()
      .optional()
      .openapi({ format: "date", description: "The last outcome date the model was trained on" }),
    modelStale: z.boolean().nullable().optional().openapi({
      description:
        "True when the call's date is past the dates the model was trained and calibrated to serve",
    }),
  }),
);
