import { describe, expect, test } from "bun:test";
import { growthBand, matchesGrowthFilter, reactionRecord, timeLabel } from "./earnings.logic.ts";

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
  test("the stock's past reactions beside the universe's rate", () => {
    expect(reactionRecord({ pastReactionsRose: 7, pastReactions: 12, universeRiseRate: 46 })).toBe(
      "7 of 12 past reactions rose (universe: 46%)",
    );
    expect(reactionRecord({ pastReactionsRose: 0, pastReactions: 0, universeRiseRate: 51 })).toBe(
      "No past reactions detected (universe: 51%)",
    );
  });
});
