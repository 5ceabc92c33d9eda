import { describe, expect, test } from "bun:test";
import { addDays, daysBetween, isIsoDay, isoDay, mondayOf } from "./calendar-days.ts";

describe("calendar-day arithmetic, in one place", () => {
  test("adding and counting days across months, years and a leap day, in UTC", () => {
    expect(addDays("2023-10-27", -1)).toBe("2023-10-26");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2023-12-31", 1)).toBe("2024-01-01");
    expect(addDays("2023-10-27", -(52 + 1) * 7)).toBe("2022-10-21");
    expect(daysBetween("2023-01-01", "2024-01-01")).toBe(365);
    expect(daysBetween("2024-01-01", "2023-12-25")).toBe(-7);
    // A US daylight-saving change does not move a day.
    expect(addDays("2023-03-11", 1)).toBe("2023-03-12");
    expect(addDays("2023-11-05", 1)).toBe("2023-11-06");
  });

  test("the Monday of a week, and what counts as a date", () => {
    expect(mondayOf("2023-10-27")).toBe("2023-10-23");
    expect(mondayOf("2023-10-23")).toBe("2023-10-23");
    expect(mondayOf("2023-10-29")).toBe("2023-10-23");
    expect(isIsoDay("2023-02-28")).toBe(true);
    expect(isIsoDay("2023-02-30")).toBe(false);
    expect(isIsoDay("2023-2-3")).toBe(false);
    expect(isoDay(Date.UTC(2023, 9, 27, 23, 59))).toBe("2023-10-27");
  });
});
