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

  test("the model's call, decile, confidence and expected return with its 80% interval, when it gave them", () => {
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
    });
    const card = screen.getByTestId("insight-card");
    expect(card.querySelector('[data-call="BUY"]')?.textContent).toBe("BUY");
    expect(screen.getByText("Decile 10 of 10")).toBeTruthy();
    expect(screen.getByText("57% confidence")).toBeTruthy();
    expect(screen.getByText("Expected +4.1% (80%: -12.0% to +21.3%) over 60 trading days")).toBeTruthy();
    expect(
      screen.getByText("57% chance that its total return over 60 trading days beats the median stock's"),
    ).toBeTruthy();
    cleanup();
    // A lower-half decile states trailing the median.
    show({
      ...base,
      recommendation: "WATCH",
      confidence: 55,
      decile: 2,
      expectedReturn: -0.03,
      horizonDays: 60,
    });
    expect(screen.getByText("Decile 2 of 10")).toBeTruthy();
    expect(screen.getByText("Expected -3.0% over 60 trading days")).toBeTruthy();
    expect(
      screen.getByText("55% chance that its total return over 60 trading days trails the median stock's"),
    ).toBeTruthy();
  });

  test("an older analysis without them shows neither decile nor expected return", () => {
    show(base);
    expect(screen.getByTestId("insight-card").querySelector('[data-call="HOLD"]')).toBeTruthy();
    expect(screen.queryByText(/Decile/)).toBeNull();
    expect(screen.queryByText(/Expected/)).toBeNull();
    expect(screen.getByText("48% confidence")).toBeTruthy();
  });
});
