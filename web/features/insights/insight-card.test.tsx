import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { theme } from "../../theme.ts";
import { InsightCard } from "./insight-card.tsx";
import type { Insight } from "./insights.queries.ts";

afterEach(cleanup);

const base: Insight = {
  id: 1,
  symbol: "AAPL",
  recommendation: "HOLD",
  riskLevel: "LOW",
  currentPrice: 168.22,
  projectedPrice: 170.5,
  confidence: 48,
  timeHorizon: "20 trading days",
  targetDate: "2023-11-24",
  reasoning: "Apple Inc. (AAPL) closed at $168.22 on 2023-10-27.",
  newsImpact: "NEUTRAL",
  keyFactors: ["RSI 14 at 41"],
  newsSummary: null,
  probability: 0.48,
  modelVersion: "logreg-h20",
  asOf: "2023-10-27",
  createdAt: "2026-11-23T10:00:00.000Z",
};

const show = (insight: Insight) =>
  render(
    <MantineProvider theme={theme}>
      <InsightCard insight={insight} detailed />
    </MantineProvider>,
  );

describe("insight card", () => {
  test("the news line appears with the headlines' summary and impact, and not without news", () => {
    show({
      ...base,
      newsImpact: "POSITIVE",
      newsSummary:
        '3 recent headlines: 2 positive, 0 negative, 1 neutral in tone. Latest: "Apple beats" (Wire, 2025-02-20).',
    });
    expect(screen.getByText("POSITIVE")).toBeTruthy();
    expect(screen.getByText(/3 recent headlines: 2 positive/)).toBeTruthy();
    cleanup();
    show(base);
    expect(screen.queryByText("News:")).toBeNull();
    expect(screen.getByText("NEUTRAL")).toBeTruthy();
  });

  test("the chance of the stated event beside a coin flip, the decile, the expected excess return", () => {
    show({
      ...base,
      recommendation: "BUY",
      confidence: 57,
      probability: 0.574,
      decile: 10,
      expectedReturn: 0.041,
      expectedReturnLow: -0.12,
      expectedReturnHigh: 0.213,
      horizonDays: 60,
      statedEvent: "beats-median",
      expectedExcessReturn: 0.012,
      expectedExcessLow: -0.098,
      expectedExcessHigh: 0.121,
      edgeSignificant: false,
      modelTrainedThrough: "2026-08-14",
      modelStale: false,
      newsAvailable: true,
    });
    const card = screen.getByTestId("insight-card");
    expect(card.querySelector('[data-call="BUY"]')?.textContent).toBe("BUY");
    expect(screen.getByText("Decile 10 of 10")).toBeTruthy();
    expect(screen.getByText("57% chance to beat the median S&P 500 stock over 60 trading days")).toBeTruthy();
    expect(screen.getByText("coin flip: 50%")).toBeTruthy();
    expect(screen.getByText("57% chance").closest("[data-tone]")?.getAttribute("data-tone")).toBe("neutral");
    expect(
      screen.getByText(
        "Expected to beat the median stock by 1.2% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -9.8% to +12.1%",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/older than the data it scores/)).toBeNull();
    cleanup();
    // A SELL states trailing the median and expects to trail it; a stale model says so.
    show({
      ...base,
      recommendation: "SELL",
      confidence: 55,
      decile: 1,
      horizonDays: 60,
      statedEvent: "trails-median",
      expectedExcessReturn: -0.014,
      expectedExcessLow: -0.151,
      expectedExcessHigh: 0.092,
      edgeSignificant: true,
      modelTrainedThrough: "2023-12-29",
      modelStale: true,
    });
    expect(
      screen.getByText("55% chance to trail the median S&P 500 stock over 60 trading days"),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Expected to trail the median stock by 1.4% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -15.1% to +9.2%",
      ),
    ).toBeTruthy();
    // A significant edge takes the spec's confidence colours.
    expect(screen.getByText("55% chance").closest("[data-tone]")?.getAttribute("data-tone")).toBe("red");
    expect(
      screen.getByText("Model trained on outcomes through Dec 29, 2023: older than the data it scores"),
    ).toBeTruthy();
    cleanup();
    // An older analysis with a decile but no excess return keeps its total return text.
    show({
      ...base,
      recommendation: "WATCH",
      confidence: 55,
      decile: 2,
      statedEvent: "trails-median",
      expectedReturn: -0.03,
      horizonDays: 60,
    });
    expect(screen.getByText("Decile 2 of 10")).toBeTruthy();
    expect(screen.getByText("Expected -3.0% over 60 trading days")).toBeTruthy();
    expect(
      screen.getByText("55% chance to trail the median S&P 500 stock over 60 trading days"),
    ).toBeTruthy();
  });

  test("an analysis with an expected excess return shows no projected price: a SELL never reads as a fall", () => {
    // The case: projectedPrice 14.64 against 14.75 is the median-relative mark, not an expected price.
    show({
      ...base,
      recommendation: "SELL",
      currentPrice: 14.75,
      projectedPrice: 14.64,
      confidence: 54,
      decile: 1,
      horizonDays: 60,
      statedEvent: "trails-median",
      expectedExcessReturn: -0.0076,
      expectedExcessLow: -0.15,
      expectedExcessHigh: 0.09,
    });
    expect(screen.queryByText("Projected")).toBeNull();
    expect(screen.queryByText(/\$14\.64/)).toBeNull();
    expect(screen.getByText("Vs median stock")).toBeTruthy();
    expect(screen.getByText("Trail by 0.8%")).toBeTruthy();
    expect(screen.getByText("No price forecast")).toBeTruthy();
    cleanup();
    // An older analysis without it keeps its projected price.
    show(base);
    expect(screen.getByText("Projected")).toBeTruthy();
    expect(screen.getByText(/\$170\.50/)).toBeTruthy();
  });

  test("without a news source it says so instead of a news impact", () => {
    show({ ...base, newsAvailable: false });
    expect(screen.getByText("No news source")).toBeTruthy();
    expect(screen.queryByText("NEUTRAL")).toBeNull();
    expect(screen.queryByText("News impact")).toBeNull();
  });

  test("key factors are listed as the API words them", () => {
    show({ ...base, keyFactors: ["Fell 12% in a month, more than 8 in 10 stocks"] });
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Fell 12% in a month, more than 8 in 10 stocks",
    ]);
  });

  test("an older analysis without them shows neither decile nor expected return", () => {
    show(base);
    expect(screen.getByTestId("insight-card").querySelector('[data-call="HOLD"]')).toBeTruthy();
    expect(screen.queryByText(/Decile/)).toBeNull();
    expect(screen.queryByText(/Expected/)).toBeNull();
    expect(screen.getByText("48% confidence")).toBeTruthy();
  });
});

describe("one date format (decision 126)", () => {
  test("the analysis time reads as every instant does, and the verb is the tab's 'Analyze'", () => {
    show(base);
    const line = screen.getByText(/^Analyzed /);
    expect(line.textContent).toMatch(/^Analyzed Nov 23, 2026, \d{1,2}:00 (AM|PM) on market data as of /);
    expect(line.textContent).not.toMatch(/\d+\/\d+\/\d{4}/);
  });
});

describe("one risk scale (decisions 082 and 126)", () => {
  test("an analysis reads Aggressive only when HIGH (40% a year), as a recommendation's flag and the filter", () => {
    for (const [riskLevel, word, basis] of [
      ["LOW", "Conservative", "60-day volatility under 40.0% a year; Aggressive from 40.0%"],
      ["MEDIUM", "Conservative", "60-day volatility under 40.0% a year; Aggressive from 40.0%"],
      ["HIGH", "Aggressive", "60-day volatility 40.0% a year or more; Aggressive from 40.0%"],
    ] as const) {
      show({ ...base, riskLevel });
      const badge = screen.getByText(word).closest("[data-risk]");
      expect(badge?.getAttribute("data-risk")).toBe(word);
      expect(badge?.getAttribute("title")).toBe(basis);
      expect(screen.queryByText(/\b(LOW|MEDIUM|HIGH)\b/)).toBeNull();
      cleanup();
    }
  });
});
