import { z } from "@hono/zod-openapi";
import { FITTED_RANGE } from "../../analysis/fitted-range.constants.ts";
import {
  calendarDate,
  datePeriod,
  decimalDollars,
  dollars,
  fraction,
  priceObservedAt,
} from "../../lib/answer-fields.ts";
import { builtOnFirstUse } from "../../lib/built-on-first-use.ts";
import { modelEvidence } from "../../lib/model-evidence.schema.ts";
import { idParam, isoDate } from "../../lib/validation.ts";
import { REASON_SUMMARY_CHARS } from "./reason-summary.ts";
import { historicalFilters, invalidDateRange, validDateRange } from "./recommendations.input.ts";

export {
  CreateRecommendationInput,
  DeleteByDateParams,
  DeleteOneParams,
  HistoricalQuery,
} from "./recommendations.input.ts";

/** The recommendation a detail request names, `GET /api/recommendations/{id}`. */
export const RecommendationIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 520 }),
});

/** What the historical list answers when no paging parameter is sent: the newest 500 (decision 038). */
export const HISTORICAL_UNPAGED_LIMIT = 500;
/** The most rows one page holds: a year of the demo market's calls (520) and more in one request (decision 137). */
export const HISTORICAL_MAX_PAGE_SIZE = 1000;
/** Rows per page when `page` is sent without `pageSize`. */
export const HISTORICAL_DEFAULT_PAGE_SIZE = 50;

/** The historical list's filters and its optional paging (absent: the first HISTORICAL_UNPAGED_LIMIT rows). */
export const HistoricalPageQuery = historicalFilters
  .extend({
    page: z.coerce
      .number({ error: "page must be a whole number from 1." })
      .int("page must be a whole number from 1.")
      .min(1, "page must be a whole number from 1.")
      .optional()
      .openapi({ description: "1-based page number; with it the answer is one page of pageSize rows" }),
    pageSize: z.coerce
      .number({ error: `pageSize must be a whole number from 1 to ${HISTORICAL_MAX_PAGE_SIZE}.` })
      .int(`pageSize must be a whole number from 1 to ${HISTORICAL_MAX_PAGE_SIZE}.`)
      .min(1, `pageSize must be a whole number from 1 to ${HISTORICAL_MAX_PAGE_SIZE}.`)
      .max(HISTORICAL_MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${HISTORICAL_MAX_PAGE_SIZE}.`)
      .optional()
      .openapi({ description: `Rows per page, ${HISTORICAL_DEFAULT_PAGE_SIZE} when only page is sent` }),
  })
  .refine(validDateRange, invalidDateRange);

/**
 * The public track record takes no filters: a filter it ignored would read as applied, so any query parameter is
 * refused (decision 144).
 */
export const PublicTrackRecordQuery = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `The public track record takes no filters (got ${issue.keys.join(", ")}); filter it signed in with /api/recommendations/performance.`
        : undefined,
  },
);

export const CreateRecommendationQuery = z.object({
  recommendationDate: isoDate
    .optional()
    .openapi({ description: "Defaults to today in the market's time zone" }),
});

/**
 * The feature's answers, built on their first use (decision 167): the OpenAPI document reads them, a route's types
 * are inferred from them, and no request parses one, so a Worker's first request does not build them.
 */
export const recommendationAnswers = builtOnFirstUse(() => {
  /**
   * What the ranking model said about a generated call; null on recommendations posted by an admin. `probability`
   * is the calibrated probability of the event the call states: for a SELL and a WATCH in deciles 1-5 that the
   * stock's total return over `horizonDays` sessions trails the median total return of the universe's stocks over the
   * same sessions, for every other call (every HOLD) that it beats it (docs/decisions/126-one-vocabulary.md).
   */
  const ModelCall = z.object({
    call: z.enum(["BUY", "SELL", "HOLD", "WATCH"]).nullable(),
    decile: z
      .number()
      .int()
      .min(1)
      .max(10)
      .nullable()
      .openapi({ description: "10 is the best-ranked tenth" }),
    probability: z.number().min(0).max(1).nullable().openapi({ description: "Fraction, 0-1" }),
    expectedReturn: z
      .number()
      .nullable()
      .openapi({ description: "Expected total return over the horizon, fraction" }),
    expectedReturnLow: z
      .number()
      .nullable()
      .openapi({ description: `Low end of the total return's ${FITTED_RANGE}, fraction` }),
    expectedReturnHigh: z
      .number()
      .nullable()
      .openapi({ description: `High end of the total return's ${FITTED_RANGE}, fraction` }),
    horizonDays: z.number().int().nullable().openapi({ description: "Trading sessions" }),
    ...modelEvidence().shape,
  });

  /** How a call has turned out so far: the track record's scoring of it (track-record.ts). */
  const outcomeFields = {
    status: z.enum(["open", "hit", "missed"]).openapi({
      description: "Target price: hit when a day's high reached it on or before the target date",
    }),
    targetReachedOn: calendarDate("the first session whose high reached the target").nullable(),
    exitDate: calendarDate(
      "the session the returns run to: the target date's once passed, else the last one seen",
    ).nullable(),
    realisedReturn: z.number().nullable().openapi({
      description: "Total return (adjusted closes) from the recommendation date's close to exitDate's close",
    }),
    universeMedianReturn: z.number().nullable().openapi({
      description: "Median total return of the universe's stocks over the same sessions",
    }),
    universeMeanReturn: z.number().nullable().openapi({
      description: "Equal-weighted average total return of the universe's stocks over the same sessions",
    }),
    statedEvent: z.enum(["beats-median", "trails-median"]),
    eventHappened: z.boolean().nullable().openapi({
      description: "Whether the event the probability states happened; null until the target date has passed",
    }),
  };

  /** Every field of a recommendation, as the detail and the posted answer carry them; the lists carry fewer. */
  const recommendationFields = {
    id: z.number().int(),
    symbol: z.string(),
    buyPrice: decimalDollars().openapi({
      description:
        "US dollars as a decimal string with two places (the product spec's shape): the close on " +
        "recommendationDate for a model call, the editor's price for an editor's pick",
    }),
    sellTarget: decimalDollars().openapi({
      example: "205.00",
      description:
        "US dollars as a decimal string with two places (the product spec's shape). For an editor's pick " +
        "(source admin): the editor's target price. For a model call with expectedExcessReturn: buyPrice × (1 + " +
        "expectedExcessReturn), the buy price moved by the return expected over the median S&P 500 member's; a " +
        "mark relative to the median stock, NOT an expected price: the model forecasts no market move, so the " +
        "stock's own price may rise or fall whatever this says. The card shows no target price for such a call, " +
        "and its potential return is that expected excess (docs/decisions/114-prices-that-mean-what-they-say.md)",
    }),
    confidence: z.number().int().min(0).max(100),
    aggressive: z.boolean(),
    aggressiveBasis: z.string().openapi({ description: "How the risk level was decided" }),
    estimatedDate: z.string().openapi({ format: "date" }),
    recommendationDate: z.string().openapi({ format: "date" }),
    reason: z.string().openapi({
      description:
        "Why the call was made; the lists (latest, historical) carry a summary of at most two lines",
    }),
    source: z.enum(["admin", "model"]).openapi({
      description:
        "model: the ranking model's call; admin: an editor's pick, its confidence the editor's own",
    }),
    provenance: z.enum(["live", "simulated"]).openapi({
      description:
        "live: posted on its own recommendation date (the daily job, an admin), so it could have been acted on; " +
        "simulated: made later for a past date (the seed, a script), by a model whose design may have been " +
        "chosen knowing that date's outcome",
    }),
    postedByName: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "Who posted an editor's pick (null for model calls or a deleted account)" }),
    currentPrice: dollars("the latest price (a number, as the product spec fixes); null when unavailable")
      .nullable()
      .optional(),
    currentPriceAsOf: priceObservedAt().nullable().optional(),
    modelVersion: z.string().nullable().optional(),
    ...ModelCall.partial().shape,
    modelView: z
      .object({
        call: z.enum(["BUY", "SELL", "HOLD", "WATCH"]),
        decile: z.number().int().min(1).max(10),
        confidence: z.number().int().min(0).max(100).openapi({
          description: "The model's probability of the stated event, as a whole percent",
        }),
        horizonDays: z.number().int(),
        modelVersion: z.string(),
        ...modelEvidence().shape,
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "On an editor's pick: what the ranking model said about the same stock on the same date, from prices up " +
          "to that date (null when the model could not rank it that day); absent on model calls",
      }),
    outcome: z
      .object(outcomeFields)
      .nullable()
      .optional()
      .openapi({ description: "How the call has turned out so far (track record)" }),
  };

  const Recommendation = z.object(recommendationFields).openapi("Recommendation", {
    description:
      "A posted call, whole: what GET /api/recommendations/{id} and a post answer (the lists carry a " +
      "RecommendationListItem). buyPrice and sellTarget are decimal strings, as the product spec fixes; " +
      "currentPrice, read from the market at answer time, is a number.",
  });

  /**
   * A list's outcome: what the cards, the table and the CSV read; the target-price status, its dates and the mean are
   * the detail's.
   */
  const ListedOutcome = z.object({
    realisedReturn: outcomeFields.realisedReturn.optional(),
    universeMedianReturn: outcomeFields.universeMedianReturn.optional(),
    statedEvent: outcomeFields.statedEvent.optional().openapi({
      description: "Only where it is not the row's own statedEvent (an editor's pick, which states none)",
    }),
    eventHappened: outcomeFields.eventHappened.optional(),
  });

  const f = recommendationFields;

  /**
   * A row of the lists (latest, historical): the product spec's fields and what a card, the history table and its
   * CSV show (issue 43, point 2; docs/decisions/151-a-lean-list-row.md). The whole record is
   * GET /api/recommendations/{id}.
   */
  const RecommendationListItem = z
    .object({
      id: f.id,
      symbol: f.symbol,
      buyPrice: f.buyPrice,
      sellTarget: f.sellTarget,
      confidence: f.confidence,
      aggressive: f.aggressive,
      estimatedDate: f.estimatedDate,
      recommendationDate: f.recommendationDate,
      reason: z.string().openapi({
        description:
          `Why the call was made, as a summary of at most two lines (${REASON_SUMMARY_CHARS} characters); the whole text is in ` +
          "GET /api/recommendations/{id}",
      }),
      currentPrice: f.currentPrice,
      source: f.source,
      provenance: f.provenance,
      postedByName: f.postedByName,
      call: f.call,
      decile: f.decile,
      horizonDays: f.horizonDays,
      statedEvent: f.statedEvent,
      expectedExcessReturn: f.expectedExcessReturn,
      expectedExcessLow: f.expectedExcessLow,
      expectedExcessHigh: f.expectedExcessHigh,
      edgeSignificant: f.edgeSignificant,
      modelStale: f.modelStale,
      modelView: f.modelView,
      outcome: ListedOutcome.nullable()
        .optional()
        .openapi({ description: "How the call has turned out so far (track record), as the lists show it" }),
    })
    .openapi("RecommendationListItem", {
      description:
        "A recommendation as the lists carry it: the product spec's fields and what a card, the history table and " +
        "its CSV show. Fractions (expectedExcess*, outcome returns) are rounded to 0.001, the tenth of a percentage " +
        "point a person reads. A field beyond the spec's is left out where the whole record has null, and " +
        "edgeSignificant and modelStale where they are false. aggressiveBasis, currentPriceAsOf, modelVersion, " +
        "modelTrainedThrough, probability, expectedReturn*, and the outcome's status, targetReachedOn, exitDate and " +
        "universeMeanReturn are in GET /api/recommendations/{id} only.",
    });

  const RecommendationList = z.array(RecommendationListItem);

  const CreateRecommendationAnswer = z
    .object({
      message: z.string(),
      recommendation: Recommendation,
      postedAt: z.string().openapi({ format: "date-time" }),
      usedDate: z.string().openapi({ format: "date" }),
    })
    .openapi("CreateRecommendationAnswer");

  const DeleteByDateAnswer = z.object({ message: z.string(), deleted: z.number().int() });
  const DeleteOneAnswer = z.object({
    message: z.string(),
    id: z.number().int(),
    symbol: z.string(),
    recommendationDate: z.string().openapi({ format: "date" }),
  });

  /** A rate's same-risk baseline and the difference from it, beside every observed rate of the track record. */
  const AgainstBaseline = {
    observedRateBaseline: z
      .number()
      .nullable()
      .openapi({
        description:
          "How often random index members of the same date and 60-session volatility fifth did the same event over the " +
          "same sessions, averaged over the resolved calls",
      }),
    observedMinusBaseline: z
      .number()
      .nullable()
      .openapi({ description: "observedRate minus its baseline, over the calls with one" }),
    observedMinusBaselineLow: z.number().nullable().openapi({
      description:
        "95% interval of the difference, low end: the wider of the clustered interval (as observedLow) and Wilson's half-widths on the count",
    }),
    observedMinusBaselineHigh: z.number().nullable().openapi({ description: "The same interval's high end" }),
  };

  const CalibrationRow = z.object({
    label: z.string(),
    count: z.number().int(),
    resolved: z.number().int().openapi({ description: "Calls past their target date with known returns" }),
    happened: z.number().int().openapi({ description: "Resolved calls whose stated event happened" }),
    meanProbability: z
      .number()
      .nullable()
      .openapi({ description: "Mean stated probability of the resolved calls" }),
    observedRate: fraction("share of the resolved calls whose stated event happened").nullable(),
    observedLow: z.number().nullable().openapi({
      description:
        "95% interval of observedRate, low end: the widest of Newey-West over dates, non-overlapping blocks of lag + 1 dates and Wilson on the resolved count",
    }),
    observedHigh: z.number().nullable().openapi({ description: "The same interval's high end" }),
    ...AgainstBaseline,
  });

  const GrowthPoint = z.object({
    date: z.string().openapi({ format: "date", description: "The session whose close the values are at" }),
    openCalls: z.number().int().openapi({
      description: "Calls held over the session: 0 on the starting point and on days without one",
    }),
    callsValue: z.number().openapi({ description: "Value of $1 held in the open calls, equally weighted" }),
    universeValue: z.number().openapi({
      description: "Value of $1 held in that day's index members, equally weighted, on the same days",
    }),
  });

  const BasketDate = z.object({
    date: z.string().openapi({ format: "date" }),
    calls: z.number().int().openapi({ description: "The model's BUY calls of the date" }),
    resolved: z.number().int(),
    beatMedian: z.number().int().openapi({ description: "Resolved BUY calls that beat the median member" }),
    beatMedianRate: fraction("share of the resolved BUY calls that beat the median member").nullable(),
    beatMedianRateBaseline: z.number().nullable().openapi({
      description:
        "How often members of the same date and volatility fifths beat the median, over the same calls",
    }),
  });

  const Basket = z
    .object({
      calls: z.number().int(),
      resolved: z.number().int(),
      beatMedian: z.number().int(),
      beatMedianRate: fraction("share of the resolved BUY calls that beat the median member").nullable(),
      beatMedianLow: z.number().nullable().openapi({
        description:
          "95% interval, low end: the widest of Newey-West over dates, non-overlapping blocks of lag + 1 dates and Wilson on the resolved count (docs/decisions/110)",
      }),
      beatMedianHigh: z.number().nullable(),
      beatMedianRateBaseline: z.number().nullable(),
      beatMedianMinusBaseline: z.number().nullable(),
      beatMedianMinusBaselineLow: z.number().nullable(),
      beatMedianMinusBaselineHigh: z.number().nullable(),
      dates: z
        .array(BasketDate)
        .openapi({ description: "One row per recommendation date with BUY calls, oldest first" }),
    })
    .openapi({ description: "The top-decile basket: the model's BUY calls, date by date and pooled" });

  const EditorsPicks = z
    .object({
      count: z.number().int(),
      open: z.number().int(),
      resolved: z.number().int(),
      beatMedian: z
        .number()
        .int()
        .openapi({ description: "Resolved picks whose stock beat the median member" }),
      beatMedianRate: fraction("share of the resolved picks that beat the median member").nullable(),
      beatMedianRateBaseline: z.number().nullable().openapi({
        description:
          "How often members of the same date and volatility fifth beat the median, over the same picks",
      }),
      meanEditorConfidence: z.number().nullable().openapi({
        description:
          "The editors' own mean confidence (0-100) of the resolved picks: not a calibrated probability",
      }),
    })
    .openapi({
      description:
        "Editor's picks (posted by an admin), reported apart: kept out of every figure of the model",
    });

  const DecileSpread = z.object({
    annualised: z.number().openapi({
      description: "Mean over dates of decile 10's minus decile 1's total return, times 252 / horizon",
    }),
    tNeweyWest: z.number().openapi({
      description: "t statistic with Newey-West errors (Bartlett weights, overlapping horizons)",
    }),
    tHansenHodrick: z.number().openapi({
      description:
        "t statistic with Hansen-Hodrick errors (uniform weights, lag - 1: horizon over step less one)",
    }),
    tConservative: z.number().openapi({
      description:
        "The nearer zero of tNeweyWest and tHansenHodrick: the t the verdict uses (docs/decisions/110)",
    }),
    lag: z.number().int().openapi({ description: "Newey-West lag: the horizon in sample dates" }),
    dates: z.number().int(),
  });

  const ModelFigures = {
    samples: z.number().int().openapi({ description: "Stock-dates with known outcomes" }),
    dates: z.number().int(),
    baseRate: fraction("share of stock-dates that beat the median"),
    auc: z
      .number()
      .openapi({ description: "Area under the ROC curve of the probabilities, pooled; 0.5 is chance" }),
    brier: z.number().openapi({ description: "Mean squared error of the stated probabilities" }),
    brierBase: z.number().openapi({ description: "Brier score of always stating the base rate" }),
    decileSpread: DecileSpread,
  };

  const SpreadEffect = z.object({
    name: z.string(),
    literature: z.string().openapi({ description: "What the published studies found" }),
    demo: DecileSpread,
    survivorshipFree: DecileSpread,
  });

  const ModelCardSummary = z
    .object({
      protocol: z.string(),
      period: datePeriod(),
      horizonDays: z.number().int(),
      designsTried: z.number().int().openapi({
        description:
          "Every model design and variant whose figure was seen on this history, the research note's included",
      }),
      hurdleT: z.number().openapi({ description: "Bonferroni t at 5% two-sided for designsTried designs" }),
      edgeSignificant: z.boolean().openapi({
        description:
          "clearsHurdleOnDemo and confirmedSurvivorshipFree: only then is the edge called significant",
      }),
      edgeRule: z.string().openapi({ description: "The rule for edgeSignificant, in words" }),
      clearsHurdleOnDemo: z
        .boolean()
        .openapi({ description: "The demo set's Newey-West t of the decile spread is at least hurdleT" }),
      confirmationT: z.number().openapi({
        description: "The t the survivorship-free set must reach to confirm (one test, 5% two-sided)",
      }),
      confirmedSurvivorshipFree: z.boolean().openapi({
        description:
          "The survivorship-free set's decile spread is positive with a t of at least confirmationT",
      }),
      ...ModelFigures,
      survivorshipFree: z
        .object({
          period: datePeriod(),
          ...ModelFigures,
          demoSameDates: z.object(ModelFigures).openapi({ description: "The demo set over the same dates" }),
        })
        .openapi({ description: "Every member of each date 2014-2018, the dead included: a test set only" }),
      recent: z
        .object({ fromYear: z.number().int(), toYear: z.number().int(), ...ModelFigures })
        .openapi({ description: "The same figures over the last years of the test period alone" }),
      calibrationByYear: z.array(
        z.object({
          year: z.number().int(),
          stated: z.number().openapi({ description: "Mean stated probability" }),
          observed: z.number().openapi({ description: "How often the stated event happened" }),
          n: z.number().int(),
        }),
      ),
      intervalCoverageByVolatility: z
        .array(z.object({ fifth: z.number().int(), n: z.number().int(), coverage: z.number() }))
        .openapi({
          description: `Share of outcomes inside each stock's ${FITTED_RANGE}, by volatility fifth (1 calmest), over every demo date (the range's fit years included)`,
        }),
      rangeCoverageHeldBack: z
        .object({
          period: datePeriod(),
          target: z.object({ low: z.number(), high: z.number() }),
          targetMet: z
            .boolean()
            .openapi({ description: "Every volatility fifth's share inside lies within the target band" }),
          byVolatility: z.array(
            z.object({
              fifth: z.number().int(),
              n: z.number().int(),
              coverage: z.number().openapi({ description: "Share of outcomes inside the range" }),
              below: z.number().openapi({ description: "Share below it (10% is the aim)" }),
              above: z.number().openapi({ description: "Share above it (10% is the aim)" }),
            }),
          ),
        })
        .openapi({
          description: `Each stock's ${FITTED_RANGE} on the survivorship-free dates held back from its fit, by volatility fifth (1 calmest)`,
        }),
      spreadWithinVolatilityFifths: DecileSpread.openapi({
        description: "The decile spread with deciles formed inside each volatility fifth",
      }),
      topDecileBeatRate: fraction("how often decile 10 beat the median"),
      topDecileBeatRateBaseline: z
        .number()
        .openapi({ description: "How often any scored member beat the median (the base rate)" }),
      bottomDecileBeatRate: fraction("how often decile 1 beat the median"),
      bottomDecileBeatRateBaseline: z
        .number()
        .openapi({ description: "How often any scored member beat the median (the base rate)" }),
      effects: z
        .array(SpreadEffect)
        .openapi({ description: "Single price-only factors on the same footing" }),
      designs: z.array(z.object({ name: z.string(), when: z.string(), result: z.string() })),
      survivorshipLeft: z.string().openapi({ description: "What survivorship the demo set still holds" }),
    })
    .openapi("ModelCard", {
      description:
        "Walk-forward out-of-sample figures of the ranking model (docs/model-card.json), measured before the calls",
    });

  const LiveRecord = z
    .object({
      count: z.number().int(),
      open: z.number().int(),
      resolved: z.number().int(),
      happened: z.number().int(),
      rate: fraction("share of the resolved live calls whose stated event happened").nullable(),
      low: z.number().nullable().openapi({ description: "95% interval, low end (as observedLow)" }),
      high: z.number().nullable(),
      baseline: z.number().nullable().openapi({ description: "The same-risk baseline of rate" }),
      difference: z.number().nullable().openapi({ description: "rate minus its baseline" }),
      differenceLow: z.number().nullable(),
      differenceHigh: z.number().nullable(),
    })
    .openapi({
      description:
        "The model's live calls (made on their own recommendation date), scored as the simulated ones but never pooled with them",
    });

  const ReplayedRecord = {
    period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
    dates: z.number().int().openapi({ description: "Sample dates with calls" }),
    calls: z.number().int(),
    beatMedian: z
      .number()
      .int()
      .openapi({ description: "Calls whose 60-session total return beat the median member" }),
    rate: fraction("share of the calls that beat the median member").nullable(),
    low: z.number().nullable().openapi({ description: "95% interval of rate, low end (as observedLow)" }),
    high: z.number().nullable(),
    baseline: z.number().nullable().openapi({
      description:
        "How often the date's members of the same volatility fifth beat the median, averaged over the calls",
    }),
    difference: z.number().nullable().openapi({ description: "rate minus baseline" }),
    differenceLow: z.number().nullable().openapi({ description: "95% interval of difference, low end" }),
    differenceHigh: z.number().nullable(),
  };

  const TrackRecordEvidence = z
    .object({
      rule: z.string().openapi({ description: "The calling rule replayed, in words" }),
      designChoice: z.string().openapi({ description: "Says that the design was chosen on these years" }),
      horizonDays: z.number().int(),
      intervalLag: z.number().int(),
      years: z
        .array(z.object({ year: z.number().int(), ...ReplayedRecord }))
        .openapi({ description: "The seed's rule on the demo set, every walk-forward year" }),
      survivorshipFree: z
        .object({
          ...ReplayedRecord,
          demoSameDates: z
            .object(ReplayedRecord)
            .openapi({ description: "The demo set over the same dates" }),
        })
        .openapi({ description: "The same rule on the survivorship-free set (the dead included)" }),
    })
    .openapi({
      description:
        "The simulated record's discounts, measured offline by scripts/track-record-evidence.ts from the committed " +
        "walk-forward models (docs/decisions/111)",
    });

  const PerformanceAnswer = z
    .object({
      asOf: calendarDate("the market's today the record was computed on"),
      method: z.string(),
      provenance: z.enum(["simulated"]).openapi({
        description:
          "Which calls the model's figures of this answer describe (count to basket, cumulative): the simulated calls, " +
          "made later for past dates by a design chosen knowing those dates' outcomes. Live calls are in live only.",
      }),
      live: LiveRecord,
      evidence: TrackRecordEvidence,
      count: z.number().int(),
      open: z.number().int(),
      resolved: z.number().int(),
      happened: z.number().int(),
      observedRate: fraction("share of the model's resolved calls whose stated event happened").nullable(),
      observedLow: z.number().nullable().openapi({
        description:
          "95% interval, low end: the widest of Newey-West over dates, non-overlapping blocks of lag + 1 dates and Wilson on the resolved count (docs/decisions/110)",
      }),
      observedHigh: z.number().nullable(),
      ...AgainstBaseline,
      intervalLag: z.number().int().openapi({
        description: "Newey-West lag in dates: the horizon over the sessions between recommendation dates",
      }),
      meanProbability: z.number().nullable(),
      averageReturn: z.number().nullable(),
      medianReturn: z.number().nullable(),
      averageUniverseReturn: z.number().nullable(),
      averageExcessReturn: z.number().nullable(),
      bands: z
        .array(CalibrationRow)
        .openapi({ description: "By stated confidence; calls with a probability only" }),
      deciles: z.array(CalibrationRow).openapi({ description: "By the model's decile, best first" }),
      years: z.array(CalibrationRow).openapi({ description: "By recommendation year" }),
      basket: Basket,
      editorsPicks: EditorsPicks,
      cumulative: z.array(GrowthPoint).openapi({
        description:
          "Calendar-time portfolios, one point per session from the close before the first open call: the calls line " +
          "holds every open model call equally each day, the universe line that day's members; both compound from 1, stand " +
          "still on days with no open call and are gross of costs (docs/decisions/021)",
      }),
      model: ModelCardSummary,
    })
    .openapi("Performance");

  return {
    ModelCall,
    Recommendation,
    RecommendationListItem,
    RecommendationList,
    CreateRecommendationAnswer,
    DeleteByDateAnswer,
    DeleteOneAnswer,
    CalibrationRow,
    GrowthPoint,
    ModelCardSummary,
    PerformanceAnswer,
  };
});

type Answers = ReturnType<typeof recommendationAnswers>;
export type Recommendation = z.infer<Answers["Recommendation"]>;
export type RecommendationListItem = z.infer<Answers["RecommendationListItem"]>;
export type ModelCall = z.infer<Answers["ModelCall"]>;
export type HistoricalPageQuery = z.infer<typeof HistoricalPageQuery>;
