import { describe, expect, test } from "bun:test";
import {
  growthBand,
  matchesGrowthFilter,
  measuredLine,
  reportRecord,
  smoothedShare,
  timeLabel,
} from "./earnings.logic.ts";

describe("earnings calendar rules: growth filter, bands, time labels", () => {
  test("growth bands and labels", () => {
    expect(growthBand(70)).toEqual({ tone: "green", label: "High Confidence" });
    expect(growthBand(69)).toEqual({ tone: "yellow", label: "Moderate" });
    expect(growthBand(50)).toEqual({ tone: "yellow", label: "Moderate" });
    expect(growthBand(49)).toEqual({ tone: "red", label: "Low Confidence" });
  });
  test("filters", () => {
    expect(matchesGrowthFilter(10, "all")).toBe(true);
    expect(matchesGrowthFilter(25, "0-25")).toBe(false);
    expect(matchesGrowthFilter(25, "25-50")).toBe(true);
    expect(matchesGrowthFilter(100, "75-100")).toBe(true);
    expect(matchesGrowthFilter(74, "75-100")).toBe(false);
  });
  test("time labels", () => {
    expect(timeLabel("time-pre-market")).toBe("Pre-Market");
    expect(timeLabel("post")).toBe("After-Market");
    expect(timeLabel("time not set")).toBe("Time TBA");
  });
  test("the stock's past reports in words, and the probability as that record smoothed", () => {
    expect(reportRecord({ reportsRose: 6, reportsCounted: 11, reportsSince: "2020-10-28" })).toBe(
      "Rose after 6 of its 11 reports since Oct 28, 2020",
    );
    expect(reportRecord({ reportsRose: 0, reportsCounted: 1, reportsSince: "2020-10-28" })).toBe(
      "Rose after 0 of its 1 report since Oct 28, 2020",
    );
    expect(reportRecord({ reportsRose: 0, reportsCounted: 0, reportsSince: "2020-10-28" })).toBe(
      "No reports found since Oct 28, 2020",
    );
    expect(smoothedShare({ reportsCounted: 11, universeRiseRate: 0.5087 })).toBe(
      "growth probability: that record smoothed toward all stocks' 51%",
    );
    expect(smoothedShare({ reportsCounted: 0, universeRiseRate: 0.5087 })).toBe(
      "growth probability: all stocks' 51%, with no record of its own",
    );
  });
  test("how the figures measured up, in one line", () => {
    const m = { period: { from: "2022-01-01", to: "2023-10-27" }, entries: 1310 };
    expect(measuredLine({ ...m, growth: { beatsBaseRate: false } })).toBe(
      "Checked on 1,310 past estimated reports (2022-2023): the growth probability did no better than stating " +
        "all stocks' rate, so each card leads with the stock's own record.",
    );
    expect(measuredLine({ ...m, growth: { beatsBaseRate: true } })).toContain(
      "beat stating all stocks' rate",
    );
  });
});
