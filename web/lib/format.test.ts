import { describe, expect, test } from "bun:test";
import {
  formatAsOf,
  formatCompact,
  formatDate,
  formatMoney,
  formatPercent,
  formatShortDate,
  formatSignedMoney,
} from "./format.ts";

describe("formatters: money, compact money, dates, percentages", () => {
  test("money has two decimals and abbreviates large values with K, M, B", () => {
    expect(formatMoney(187.5)).toBe("$187.50");
    expect(formatMoney("9999.994")).toBe("$9,999.99");
    // Abbreviation starts at 10,000 (it used to wait for 100,000, so a $12,345 move sat unabbreviated beside
    // a "$250.00K" figure).
    expect(formatMoney("12345.678")).toBe("$12.35K");
    expect(formatMoney(250_000)).toBe("$250.00K");
    expect(formatMoney(3_400_000)).toBe("$3.40M");
    expect(formatMoney(12_500_000_000)).toBe("$12.50B");
    expect(formatMoney(-1.5)).toBe("-$1.50");
    expect(formatMoney(null)).toBe("—");
    expect(formatMoney("abc")).toBe("—");
  });
  test("the abbreviation is Intl's compact notation, held to K, M and B with two decimals", () => {
    // Rounding that reaches the next unit takes its letter ("$999,999" is "$1.00M", not "$1,000.00K").
    expect(formatMoney(999_994)).toBe("$999.99K");
    expect(formatMoney(999_999)).toBe("$1.00M");
    expect(formatMoney(-3_400_000)).toBe("-$3.40M");
    expect(formatMoney(10_000)).toBe("$10.00K");
    // The spec's scale stops at B: no "T".
    expect(formatMoney(1_200_000_000_000)).toBe("$1,200.00B");
    expect(formatMoney(-2_500_000_000_000)).toBe("-$2,500.00B");
    expect(formatCompact(3_100_000_000_000)).toBe("3,100.00B");
    expect(formatCompact(999.996)).toBe("1.00K");
    expect(formatCompact(12)).toBe("12.00");
    expect(formatCompact(-1_250)).toBe("-1.25K");
    expect(formatSignedMoney(1_500_000_000_000)).toBe("+$1,500.00B");
  });
  test("signed money: a sign on moves, none on zero, abbreviated like unsigned money", () => {
    expect(formatSignedMoney(2.5)).toBe("+$2.50");
    expect(formatSignedMoney(-2.5)).toBe("-$2.50");
    expect(formatSignedMoney(0.001)).toBe("$0.00");
    expect(formatSignedMoney(-12_345)).toBe("-$12.35K");
  });
  test("compact counts, percentages and dates", () => {
    expect(formatCompact(1_250)).toBe("1.25K");
    expect(formatCompact(81_000_000_000)).toBe("81.00B");
    expect(formatPercent(4.25)).toBe("+4.3%");
    expect(formatPercent(-2)).toBe("-2.0%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatDate("2023-10-27")).toBe("Oct 27, 2023");
    expect(formatShortDate("2023-10-27")).toBe("Oct 27");
  });
  test("a price's time: the day for a daily close, day and time for a live quote", () => {
    expect(formatAsOf("2023-10-27")).toBe("Oct 27, 2023");
    expect(formatAsOf("2025-02-19T21:00:01.000Z")).toMatch(/^Feb 19, 2025, \d{1,2}:\d{2} (AM|PM)$/);
    expect(formatAsOf(null)).toBeNull();
  });
});
