import { describe, expect, test } from "bun:test";
import { isoDate } from "./fields.input.ts";

describe("isoDate", () => {
  test("takes the dates the calendar has, leap days included", () => {
    for (const date of ["2023-01-31", "2024-02-29", "2000-02-29", "2023-04-30", "2023-12-31", "0001-01-01"]) {
      expect(isoDate.safeParse(date)).toEqual({ success: true, data: date });
    }
  });

  test("refuses the dates it has not, with the same words", () => {
    for (const date of ["2023-02-29", "1900-02-29", "2023-04-31", "2023-13-01", "2023-00-10", "2023-01-00"]) {
      const result = isoDate.safeParse(date);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(["That date does not exist."]);
    }
  });

  test("refuses another form", () => {
    const result = isoDate.safeParse("2023-1-5");
    expect(result.error?.issues[0]?.message).toBe("Use a date in the form YYYY-MM-DD.");
  });
});
