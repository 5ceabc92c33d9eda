import { z } from "@hono/zod-openapi";

export { isoDate, moneyCents, symbol } from "./fields.input.ts";

/**
 * A numeric id in a path, e.g. `/users/{id}`: plain decimal digits only. `Number()` would also read `0x10`, `1e1`,
 * `16.0` or `+16` as an id, so one row answers to many spellings.
 */
export const idParam = z
  .string({ error: "The id must be a number." })
  .regex(/^[1-9]\d{0,14}$/, "The id must be a positive whole number written in digits, e.g. 12.")
  .transform(Number)
  .openapi({ type: "integer", minimum: 1 });

export function centsToString(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
