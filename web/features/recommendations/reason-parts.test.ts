import { describe, expect, test } from "bun:test";
import { reasonParts } from "./reason-parts.ts";

describe("a recommendation's reason as a list", () => {
  test("the model's reason: its sentences, and the factors that moved the rank as items", () => {
    const { points, factors } = reasonParts(
      "Apple Inc. (AAPL) closed at $182.50 on 2023-10-27. Ranked against the 209 stocks of the universe that day, " +
        "it sits in decile 10 of 10. Expected total return: +4.1% (8 in 10 outcomes between -12.0% and +21.3%). " +
        "What moved its rank most: 60-day momentum high; volatility low. Model rank-v1; the universe is today's " +
        "S&P 500 members.",
    );
    expect(points).toEqual([
      "Apple Inc. (AAPL) closed at $182.50 on 2023-10-27.",
      "Ranked against the 209 stocks of the universe that day, it sits in decile 10 of 10.",
      "Expected total return: +4.1% (8 in 10 outcomes between -12.0% and +21.3%).",
      "Model rank-v1; the universe is today's S&P 500 members.",
    ]);
    expect(factors).toEqual(["60-day momentum high", "volatility low"]);
  });
  test("the model's plain-words reason: factor names joined by commas", () => {
    const { points, factors } = reasonParts(
      "Apple Inc. (AAPL) closed at $182.50 on 2023-10-27. The model gives it a 53% chance to beat the median S&P " +
        "500 stock over the next 60 trading days, against 50% for a coin flip. What moved its rank most: return " +
        "from a year to a month ago, 3-month volatility, dollars traded a day. Model ranker-live.",
    );
    expect(points).toEqual([
      "Apple Inc. (AAPL) closed at $182.50 on 2023-10-27.",
      "The model gives it a 53% chance to beat the median S&P 500 stock over the next 60 trading days, against 50% for a coin flip.",
      "Model ranker-live.",
    ]);
    expect(factors).toEqual([
      "return from a year to a month ago",
      "3-month volatility",
      "dollars traded a day",
    ]);
  });
  test("factors that say which way they pushed the rank keep it", () => {
    const { factors } = reasonParts(
      "What moved its rank most: 1-month return (raised its rank), dollars traded a day (lowered its rank). Model ranker-live.",
    );
    expect(factors).toEqual(["1-month return (raised its rank)", "dollars traded a day (lowered its rank)"]);
  });
  test("the model's range and its measured coverage: two points, the percentages intact", () => {
    const { points, factors } = reasonParts(
      "It is expected to beat the median stock by 0.7% over that horizon, in a range fitted to hold 80% of " +
        "outcomes (10th to 90th percentile): -17.1% to +17.0% against the median, set by its own volatility. For stocks as volatile, such ranges held 76% of outcomes in a test " +
        "on 2016-2017. What moved its rank most: 3-month volatility, dollars traded a day. Model ranker-live.",
    );
    expect(points).toEqual([
      "It is expected to beat the median stock by 0.7% over that horizon, in a range fitted to hold 80% of outcomes (10th to 90th percentile): -17.1% to +17.0% against the median, set by its own volatility.",
      "For stocks as volatile, such ranges held 76% of outcomes in a test on 2016-2017.",
      "Model ranker-live.",
    ]);
    expect(factors).toEqual(["3-month volatility", "dollars traded a day"]);
  });
  test("an admin's free text: its sentences, no factors", () => {
    expect(reasonParts("Steady compounder.")).toEqual({ points: ["Steady compounder."], factors: [] });
  });
});
