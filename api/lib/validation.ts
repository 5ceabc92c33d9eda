import { z } from "@hono/zod-openapi";

/** A calendar date as `YYYY-MM-DD` that really exists (2026-02-30 is refused). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date in the form YYYY-MM-DD.")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "That date does not exist.")
  .openapi({ example: "2023-10-27", format: "date" });

/** Ticker symbol, 1-10 characters of letters, digits, `.` and `-`, uppercased. */
export const symbol = z
  .string({ error: "Symbol is required." })
  .trim()
  .toUpperCase()
  .pipe(
    z
      .string()
      .min(1, "Symbol is required.")
      .max(10, "Symbol is 1-10 characters.")
      .regex(/^[A-Z0-9.^-]+$/, "Symbol may contain only letters, digits, '.', '-' and '^'."),
  )
  .openapi({ example: "AAPL", description: "1-10 characters" });

/**
 * A numeric id in a path, e.g. `/users/{id}`: plain decimal digits only. `Number()` would also read `0x10`, `1e1`,
 * `16.0` or `+16` as an id, so one row answers to many spellings.
 */
export const idParam = z
  .string({ error: "The id must be a number." })
  .regex(/^[1-9]\d{0,14}$/, "The id must be a positive whole number written in digits, e.g. 12.")
  .transform(Number)
  .openapi({ type: "integer", minimum: 1 });

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
  .openapi({ type: "string", example: "187.25", description: "Decimal amount, two decimals at most" });

export function centsToString(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
