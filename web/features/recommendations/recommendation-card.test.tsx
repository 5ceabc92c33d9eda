import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { adminRecommendation } from "../../test/recommendation-fixture.ts";
import { theme } from "../../theme.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { RecommendationDialog } from "./recommendation-dialog.tsx";
import type { Recommendation } from "./recommendations.queries.ts";

afterEach(cleanup);

const base = adminRecommendation;

/** A generated call: what the ranking model said. */
const model = {
  source: "model" as const,
  modelVersion: "rank-v1",
  call: "BUY" as const,
  decile: 10,
  probability: 0.574,
  confidence: 57,
  expectedReturn: 0.041,
  expectedReturnLow: -0.12,
  expectedReturnHigh: 0.213,
  horizonDays: 60,
};

function renderCard(over: Partial<Recommendation> = {}, showDate = false) {
  render(
    <MantineProvider theme={theme}>
      <RecommendationCard recommendation={{ ...base, ...over }} showDate={showDate} onOpen={() => {}} />
    </MantineProvider>,
  );
  return screen.getByTestId("recommendation-card");
}

describe("recommendation card: prices, return, confidence band, outcome", () => {
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

  test("on the day of the call the price is the buy price: said in words, not '+$0.00 (0.00%)'", () => {
    const card = renderCard({ currentPrice: 50 });
    expect(within(card).getByText("At buy price")).toBeTruthy();
    expect(within(card).getByText("No move since the call yet")).toBeTruthy();
    expect(within(card).queryByText(/\$0\.00/)).toBeNull();
  });

  test("a large move is abbreviated like the prices beside it", () => {
    const card = renderCard({ buyPrice: "5000.00", sellTarget: "60000.00", currentPrice: 17_345.68 });
    expect(within(card).getByText("$17.35K")).toBeTruthy();
    expect(within(card).getByText("+$12.35K (+246.91%)")).toBeTruthy();
  });

  test("without a current price: 'Data not available currently'; the optional 'Recommended:' date", () => {
    const card = renderCard({ currentPrice: null }, true);
    expect(within(card).getByText("Data not available currently")).toBeTruthy();
    expect(within(card).getByText("Recommended: Oct 27, 2023")).toBeTruthy();
  });

  test("the outcome: open with the return so far, then whether the stated event happened against the median", () => {
    let card = renderCard();
    expect(card.querySelector('[data-outcome="open"]')?.textContent).toBe("Open -5.0% · Oct 27, 2023");
    cleanup();
    card = renderCard({
      outcome: {
        status: "hit",
        targetReachedOn: "2023-11-10",
        exitDate: "2023-12-29",
        realisedReturn: 0.061,
        universeMedianReturn: 0.01,
        universeMeanReturn: 0.015,
        statedEvent: "beats-median",
        eventHappened: true,
      },
    });
    expect(card.querySelector('[data-outcome="happened"]')?.textContent).toBe(
      "Beat the median +6.1% vs +1.0%",
    );
    cleanup();
    card = renderCard({
      outcome: {
        status: "missed",
        targetReachedOn: null,
        exitDate: "2023-12-29",
        realisedReturn: 0.004,
        universeMedianReturn: 0.01,
        universeMeanReturn: 0.015,
        statedEvent: "beats-median",
        eventHappened: false,
      },
    });
    expect(card.querySelector('[data-outcome="did-not-happen"]')?.textContent).toBe(
      "Did not beat the median +0.4% vs +1.0%",
    );
    expect(within(card).getByRole("button", { name: "View Full Analysis of KO" })).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /KO quote/ })
        .getAttribute("target"),
    ).toBe("_blank");
  });
});

describe("what the model said", () => {
  test("a generated call shows its call, decile, confidence and expected return with the 80% interval", () => {
    const card = renderCard(model);
    expect(card.querySelector('[data-call="BUY"]')?.textContent).toBe("BUY");
    expect(within(card).getByText("Decile 10 of 10")).toBeTruthy();
    expect(within(card).getByText("57% confidence")).toBeTruthy();
    expect(
      within(card).getByText("Expected +4.1% (80%: -12.0% to +21.3%) over 60 trading days"),
    ).toBeTruthy();
    // The spec's figures stay.
    expect(within(card).getByText("Potential return")).toBeTruthy();
    expect(within(card).getByText("14.5%")).toBeTruthy();
  });

  test("an admin's post, without the model's fields, renders as before", () => {
    const card = renderCard({ call: null, decile: null, expectedReturn: null, horizonDays: null });
    expect(card.querySelector("[data-call]")).toBeNull();
    expect(within(card).queryByText(/Decile/)).toBeNull();
    expect(within(card).queryByText(/Expected/)).toBeNull();
    expect(within(card).getByText("82% confidence")).toBeTruthy();
    expect(within(card).getByText("Potential return")).toBeTruthy();
  });

  test("the detail dialog says what the confidence states and the expected return over the horizon", () => {
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <RecommendationDialog recommendation={{ ...base, ...model }} onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "View Full Analysis" });
    expect(within(dialog).getByText("Model outlook")).toBeTruthy();
    expect(within(dialog).getByText("Decile 10 of 10")).toBeTruthy();
    expect(
      within(dialog).getByText(
        "57% chance that its total return over 60 trading days beats the median stock's",
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText("Expected +4.1% (80%: -12.0% to +21.3%) over 60 trading days"),
    ).toBeTruthy();
    expect(within(dialog).getByText("57% confidence")).toBeTruthy();
    expect(within(dialog).getByText("Potential return")).toBeTruthy();
  });

  test("the dialog of an admin's post has no model section", () => {
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <RecommendationDialog recommendation={base} onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "View Full Analysis" });
    expect(within(dialog).queryByText("Model outlook")).toBeNull();
    // The reasoning is a list, not a paragraph.
    expect(
      within(within(dialog).getByTestId("recommendation-reasons"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Steady compounder."]);
    expect(within(dialog).queryByText(/Decile/)).toBeNull();
    expect(within(dialog).getByText("82% confidence")).toBeTruthy();
    expect(within(dialog).getByText("Potential return")).toBeTruthy();
  });
});
