import { describe, expect, test } from "bun:test";
import {
  formatAsOf,
  formatCount,
  formatDate,
  formatInstant,
  formatMoney,
  formatPercent,
  formatShortDate,
  formatSignedMoney,
  formatStatistic,
  formatTime,
  percentPoints,
  pointsBetween,
  ratePercent,
  roundHalfAway,
  signedPercent,
  signedPoints,
  sizePercent,
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
    expect(formatSignedMoney(1_500_000_000_000)).toBe("+$1,500.00B");
  });
  test("signed money: a sign on moves, none on zero, abbreviated like unsigned money", () => {
    expect(formatSignedMoney(2.5)).toBe("+$2.50");
    expect(formatSignedMoney(-2.5)).toBe("-$2.50");
    expect(formatSignedMoney(0.001)).toBe("$0.00");
    expect(formatSignedMoney(-12_345)).toBe("-$12.35K");
  });
  test("counts, statistics, percentages and dates", () => {
    expect(formatCount(1310)).toBe("1,310");
    expect(formatStatistic(0.25025, 4)).toBe("0.2503");
    expect(formatStatistic(2.005, 2)).toBe("2.01");
    expect(formatStatistic(-0.0004, 2)).toBe("0.00");
    expect(formatPercent(4.25)).toBe("+4.3%");
    expect(formatPercent(-2)).toBe("-2.0%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatDate("2023-10-27")).toBe("Oct 27, 2023");
    expect(formatShortDate("2023-10-27")).toBe("Oct 27");
  });
  test("money under $10,000 reads as Intl's en-US currency format would, rounding and sign included", () => {
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const values = [
      0, -0, 0.005, 0.015, 1.005, 2.675, -0.001, -0.005, 9999.994, 9999.995, -9999.99, 1234.5, 0.125,
    ];
    // Every tenth of a cent on a stride across the range, the half cents (where floats round either way) among them.
    for (let mills = -10_000_000; mills < 10_000_000; mills += 1_237) values.push(mills / 1000);
    for (const v of values.filter((x) => Math.abs(x) < 1e4)) expect(formatMoney(v)).toBe(intl.format(v));
  });
  test("a calendar day reads as Intl's en-US words would, every day of 1990-2039 and invalid input kept", () => {
    const long = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2040, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString();
      expect(formatDate(iso.slice(0, 10))).toBe(long.format(t));
      expect(formatShortDate(iso.slice(0, 10))).toBe(short.format(t));
    }
    expect(formatDate("2023-10-27T23:59:59.000Z")).toBe("Oct 27, 2023");
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatShortDate("2023-13-01")).toBe("2023-13-01");
    expect(formatDate(null)).toBe("—");
  });
  test("a count reads as Intl's en-US whole-number format would", () => {
    const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (const n of [0, 1, 7, 999, 1000, 1310, 12_345, 999_999, 1_000_000, 123_456_789, -4321, 2.4, 1234.5])
      expect(formatCount(n)).toBe(count.format(n));
  });
  test("a price's time: the day for a daily close, day and time for a live quote", () => {
    expect(formatAsOf("2023-10-27")).toBe("Oct 27, 2023");
    expect(formatAsOf("2025-02-19T21:00:01.000Z")).toMatch(/^Feb 19, 2025, \d{1,2}:\d{2} (AM|PM)$/);
    expect(formatAsOf(null)).toBeNull();
  });
  test("an instant reads as day and time everywhere, never in the browser's own numeric form", () => {
    expect(formatInstant("2026-11-28T09:14:00.000Z")).toMatch(/^Nov 2[78], 2026, \d{1,2}:14 (AM|PM)$/);
    expect(formatInstant("2026-11-28T09:14:00.000Z")).not.toContain("/");
    expect(formatInstant(null)).toBe("—");
    expect(formatTime("2026-11-28T09:14:00.000Z")).toMatch(/^\d{1,2}:14 (AM|PM)$/);
  });
});

describe("one rounding rule for percentages (decisions 083 and 126)", () => {
  test("half away from zero on the decimal value, without float noise", () => {
    // (0.0115 * 100).toFixed(1) says "1.1" (toFixed reads the float 1.149999...); the rule reads the decimal 1.15.
    expect((0.0115 * 100).toFixed(1)).toBe("1.1");
    expect(percentPoints(0.0115)).toBe(1.2);
    expect(percentPoints(-0.0115)).toBe(-1.2);
    expect(roundHalfAway(1.25)).toBe(1.3);
    expect(roundHalfAway(-1.25)).toBe(-1.3);
    expect(roundHalfAway(-0.04)).toBe(0);
    expect(Object.is(roundHalfAway(-0.04), -0)).toBe(false);
  });

  test("signed returns, unsigned rates and sizes", () => {
    expect(signedPercent(0.0531)).toBe("+5.3%");
    expect(signedPercent(-0.0004)).toBe("0.0%");
    expect(signedPercent(null)).toBe("—");
    expect(ratePercent(0.6435897)).toBe("64.4%");
    expect(ratePercent(0.52, 0)).toBe("52%");
    expect(sizePercent(-0.0115)).toBe("1.2%");
    // A signed percentage value (not a fraction) has one decimal, whatever the screen: no "0.00%" beside "-2.7%".
    expect(formatPercent(-2.7)).toBe("-2.7%");
    expect(formatPercent(229.8123)).toBe("+229.8%");
    expect(formatPercent(0.001)).toBe("0.0%");
  });

  test("a difference beside its two figures is the difference of the figures as shown", () => {
    // A call of the demo history: -5.2% against -8.7% shown, 3.4 points apart unrounded; the reader subtracting
    // the figures shown gets 3.5, and so does the rule.
    expect(signedPercent(-0.05155)).toBe("-5.2%");
    expect(signedPercent(-0.08654)).toBe("-8.7%");
    expect(((-0.05155 - -0.08654) * 100).toFixed(1)).toBe("3.5");
    expect(pointsBetween(-0.05155, -0.08654)).toBe(3.5);
    expect(pointsBetween(-0.0524, -0.0866)).toBe(3.5);
    expect(((-0.0524 - -0.0866) * 100).toFixed(1)).toBe("3.4");
    // One where they differ: +1.04% against +0.95% shows +1.0% against +1.0%, so 0.0 points, not 0.1.
    expect(pointsBetween(0.0104, 0.0095)).toBe(0);
    expect(((0.0104 - 0.0095) * 100).toFixed(1)).toBe("0.1");
    expect(signedPoints(pointsBetween(0.6435897, 0.5167337))).toBe("+12.7 points");
    expect(signedPoints(-0.04)).toBe("+0.0 points");
  });
});
