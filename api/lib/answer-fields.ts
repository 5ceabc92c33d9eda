import { z } from "@hono/zod-openapi";
import { builtOnFirstUse } from "./built-on-first-use.ts";

/**
 * One type per concept in every answer (docs/decisions/090-one-type-per-concept.md). `api/lib/openapi.test.ts`
 * walks the served document and fails when a field named like money, a rate or a date departs from these.
 */

/** The conventions above in words, for the API document's description. */
export const API_CONVENTIONS = [
  // The reasons are in docs/decisions/090-one-type-per-concept.md; the document readers get cites no file.
  "One type per concept in every answer:",
  "- Money: US dollars as a JSON number, except a recommendation's `buyPrice` and `sellTarget`, decimal strings with two places as the product spec fixes.",
  "- Shares and chances (`probability`, every `...Rate`, returns): fractions (0.25 is a quarter). Percent (0-100) only where the name says `Percent` or the spec fixes it (`confidence`, `growthProbability`).",
  "- Calendar days: `YYYY-MM-DD` (format `date`); instants: ISO 8601 date-times in UTC (format `date-time`); `currentPriceAsOf` is a date for a daily close, a date-time for a live quote.",
  "- Yes/no: JSON booleans, except `isActive` (1 or 0) and the admin list's `isAdmin` (1 or 0), as the spec fixes.",
  "- Fixed sets of words are enums in this document. The historical filter `aggressive` takes the words `aggressive` or `non-aggressive` (the spec's); answers carry it as a boolean.",
  '- Paged lists answer `X-Total-Count`; the historical list, paged or not, also `Link: <...>; rel="next"` while more match.',
].join("\n");

const described = (what: string, detail?: string) => (detail ? `${what}: ${detail}` : what);

/** Money: US dollars as a JSON number. buyPrice and sellTarget alone are strings, as the product spec fixes. */
export const dollars = (detail?: string) =>
  z.number().openapi({ description: described("US dollars, a JSON number", detail) });

/** buyPrice and sellTarget: dollars as a decimal string with two places, the product spec's shape. */
export const decimalDollars = () =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .openapi({
      example: "187.25",
      description:
        "US dollars as a decimal string with two places (a string, not a number: the product spec's shape)",
    });

/** A share or chance: a fraction from 0 to 1 (0.25 is a quarter). Percent fields say Percent or are the spec's. */
export const fraction = (detail?: string) =>
  z
    .number()
    .min(0)
    .max(1)
    .openapi({ description: described("Fraction, 0-1", detail) });

/** A day on the market's calendar, YYYY-MM-DD. Instants are date-time strings in UTC. */
export const calendarDate = (detail?: string) =>
  z.string().openapi({ format: "date", description: described("YYYY-MM-DD", detail) });

/** A span of market days, both ends included. */
export const datePeriod = builtOnFirstUse(() =>
  z.object({ from: calendarDate("the first day"), to: calendarDate("the last day") }),
);

/**
 * When a price was observed: the day of a daily close (YYYY-MM-DD), or the instant of a live quote (date-time).
 * A close belongs to a day, not an instant, so the two stay apart rather than inventing a closing time.
 */
export const priceObservedAt = builtOnFirstUse(() =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })]).openapi({
    description: "YYYY-MM-DD for a daily close (the demo market), an ISO date-time for a live quote",
  }),
);
