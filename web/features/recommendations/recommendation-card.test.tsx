import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import { theme } from "../../theme.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import type { Recommendation } from "./recommendations.queries.ts";

afterEach(cleanup);

const base: Recommendation = {
  id: 1,
  symbol: "KO",
  buyPrice: "50.00",
  sellTarget: "57.25",
  confidence: 82,
  aggressive: false,
  aggressiveBasis: "volatility 18% a year < 35%",
  estimatedDate: "2023-12-29",
  recommendationDate: "2023-10-27",
  reason: "Steady compounder.",
  source: "admin",
  currentPrice: 47.5,
  currentPriceAsOf: "2023-10-27",
  outcome: {
    status: "open",
    exitDate: "2023-10-27",
    realisedReturn: -0.05,
    benchmarkReturn: 0.01,
    beatIndex: null,
  },
};

function renderCard(over: Partial<Recommendation> = {}, showDate = false) {
  render(
    <MantineProvider theme={theme}>
      <RecommendationCard recommendation={{ ...base, ...over }} showDate={showDate} onOpen={() => {}} />
    </MantineProvider>,
  );
  return screen.getByTestId("recommendation-card");
}

describe("recommendation card (spec sections 2 and 9)", () => {
  test("prices with two decimals, price against buy in dollars and percent, potential return to one decimal", () => {
    const card = renderCard();
    expect(within(card).getByText("$50.00")).toBeTruthy();
    expect(within(card).getByText("$57.25")).toBeTruthy();
    expect(within(card).getByText("$47.50")).toBeTruthy();
    expect(within(card).getByText("as of Oct 27, 2023")).toBeTruthy();
    expect(within(card).getByText("-$2.50 (-5.00%)")).toBeTruthy();
    expect(within(card).getByText("14.5%")).toBeTruthy(); // (57.25 - 50) / 50
    expect(within(card).getByText("Dec 29, 2023")).toBeTruthy();
    expect(within(card).getByText("Conservative")).toBeTruthy();
  });

  test("confidence colours: 80 and above green, 60-79 yellow, below 60 red", () => {
    for (const [confidence, tone] of [
      [80, "green"],
      [79, "yellow"],
      [60, "yellow"],
      [59, "red"],
    ] as const) {
      const card = renderCard({ confidence });
      const badge = within(card).getByText(`${confidence}% confidence`).closest("[data-tone]");
      expect(badge?.getAttribute("data-tone")).toBe(tone);
      cleanup();
    }
  });

  test("without a current price: 'Data not available currently'; the optional 'Recommended:' date", () => {
    const card = renderCard({ currentPrice: null }, true);
    expect(within(card).getByText("Data not available currently")).toBeTruthy();
    expect(within(card).getByText("Recommended: Oct 27, 2023")).toBeTruthy();
  });

  test("the outcome so far, and a keyboard-reachable way to the full analysis", () => {
    const card = renderCard({
      outcome: {
        status: "hit",
        exitDate: "2023-11-10",
        realisedReturn: 0.145,
        benchmarkReturn: 0.02,
        beatIndex: true,
      },
    });
    expect(card.querySelector('[data-outcome="hit"]')?.textContent).toContain("Hit +14.5%");
    expect(within(card).getByRole("button", { name: "View Full Analysis of KO" })).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /KO quote/ })
        .getAttribute("target"),
    ).toBe("_blank");
  });
});
