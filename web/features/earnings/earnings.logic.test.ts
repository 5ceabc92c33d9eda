import { describe, expect, test } from "bun:test";
import {
  dateAccuracyLine,
  growthBand,
  growthTone,
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
  test("without measured skill every band is neutral: a low chance of a rise never reads as a warning", () => {
    const none = { beatsBaseRate: false, growthMeasured: true };
    for (const p of [10, 49, 50, 69, 70, 95]) expect(growthTone(p, none)).toBe("neutral");
    const skill = { beatsBaseRate: true, growthMeasured: true };
    expect(growthTone(49, skill)).toBe("red");
    expect(growthTone(50, skill)).toBe("yellow");
    expect(growthTone(70, skill)).toBe("green");
    // A provider's dates were not measured: neutral even when the estimated ones showed skill.
    expect(growthTone(70, { beatsBaseRate: true, growthMeasured: false })).toBe("neutral");
  });
  test("the estimated dates' measured accuracy, in one line", () => {
    expect(
      dateAccuracyLine({
        period: { from: "2022-01-01" },
        dates: { to: "2023-09-08", withinOneSession: 0.255738, withinSevenSessions: 0.458197 },
      }),
    ).toBe(
      "Dates are estimated: 26% of past estimated dates fell within 1 trading session of the report, 46% within 7 (2022-2023).",
    );
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
      "growth probability: that record smoothed toward all stocks' 51%; no measured skill",
    );
    expect(smoothedShare({ reportsCounted: 0, universeRiseRate: 0.5087 })).toBe(
      "growth probability: all stocks' 51%, with no record of its own; no measured skill",
    );
    expect(smoothedShare({ reportsCounted: 11, universeRiseRate: 0.5087 }, true)).toBe(
      "growth probability: that record smoothed toward all stocks' 51%",
    );
  });
  test("how the figures measured up, in one line", () => {
    const m = { period: { from: "2022-01-01", to: "2023-10-27" }, entries: 1310 };
    const brier = { brier: 0.250334, brierBaseRate: 0.250595 };
    expect(measuredLine({ ...m, growth: { ...brier, beatsBaseRate: false } })).toBe(
      "Checked on 1,310 past estimated reports (2022-2023): the growth probability has no measured skill " +
        "(Brier 0.2503 against 0.2506 for all stocks' rate), so each card leads with the stock's own record. " +
        "Its labels grade the chance of a rise: 'Low Confidence' means below 50%, not an unsure estimate.",
    );
    expect(measuredLine({ ...m, growth: { ...brier, beatsBaseRate: true } })).toContain(
      "beat stating all stocks' rate",
    );
  });
});
