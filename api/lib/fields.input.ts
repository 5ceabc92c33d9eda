// Request fields shared by several features' request schemas. Plain zod with `.meta()` (which the OpenAPI
// generator reads as it reads `.openapi()`), no zod-to-openapi: the web's forms validate with the same schemas
// (docs/decisions/078-forms-validate-with-api-schemas.md). A *.input.ts module imports only zod and other
// *.input.ts or *.constants.ts modules (scripts/boundaries/import-rules.ts).
import { z } from "zod";
import { SYMBOL_CHARACTERS, SYMBOL_MAX_LENGTH } from "./fields.constants.ts";

/** Days in a month of the Gregorian calendar. */
const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/** A calendar date as `YYYY-MM-DD` that really exists (2026-02-30 is refused). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date in the form YYYY-MM-DD.")
  // By arithmetic: a Date and its ISO string were a fifth of the historical search's validation, on every request.
  .refine((s) => {
    const month = Number(s.slice(5, 7));
    const day = Number(s.slice(8, 10));
    return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(Number(s.slice(0, 4)), month);
  }, "That date does not exist.")
  .meta({ example: "2023-10-27", format: "date" });

/**
 * Ticker symbol, 1-10 characters of letters, digits, `.`, `-` and `^`, uppercased; `required` is what a blank or missing
 * one is told (the Add Stock form's words are the spec's own, section 5).
 */
export const tickerSymbol = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .toUpperCase()
    .pipe(
      z
        .string()
        .min(1, required)
        .max(SYMBOL_MAX_LENGTH, `Symbol is 1-${SYMBOL_MAX_LENGTH} characters.`)
        .regex(SYMBOL_CHARACTERS, "Symbol may contain only letters, digits, '.', '-' and '^'."),
    )
    .meta({ example: "AAPL", description: "1-10 characters" });

export const symbol = tickerSymbol("Symbol is required.");

/** A money amount sent as a number or a numeric string, kept exact as integer cents. */
export const moneyCents = z
  .union([z.number(), z.string().trim()])
  .transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value;
    const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({
        code: "custom",
        message: "Enter a positive amount with at most two decimals, e.g. 123.45.",
      });
      return z.NEVER;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (cents <= 0) {
      ctx.addIssue({ code: "custom", message: "The amount must be greater than zero." });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ type: "string", example: "187.25", description: "Decimal amount, two decimals at most" });
