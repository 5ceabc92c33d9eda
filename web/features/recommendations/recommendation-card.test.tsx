import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { adminRecommendation, adminRecommendationRow } from "../../test/recommendation-fixture.ts";
import { theme } from "../../theme.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { RecommendationDialog } from "./recommendation-dialog.tsx";
import type { Recommendation, RecommendationRow } from "./recommendations.queries.ts";

afterEach(cleanup);

/** A card draws a list's row; the dialog the whole recommendation (decision 151). */
const base = adminRecommendationRow;
const detail = adminRecommendation;

/** A generated call: what the ranking model said, as a list's row carries it. */
const model = {
  source: "model" as const,
  call: "BUY" as const,
  decile: 10,
  confidence: 57,
  horizonDays: 60,
  statedEvent: "beats-median" as const,
};
/** What the detail adds to a generated call: its model, probability and the total return rows before issue 24 had. */
const modelDetail = {
  ...model,
  modelVersion: "rank-v1",
  probability: 0.574,
  expectedReturn: 0.041,
  expectedReturnLow: -0.12,
  expectedReturnHigh: 0.213,
};

function renderCard(over: Partial<RecommendationRow> = {}, showDate = false) {
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
    expect(within(card).getByText("-$2.50 (-5.0%)")).toBeTruthy();
    expect(within(card).getByText("14.5%")).toBeTruthy(); // (57.25 - 50) / 50
    expect(within(card).getByText("Dec 29, 2023")).toBeTruthy();
    expect(within(card).getByText("Conservative")).toBeTruthy();
    // The list's row has no basis of its own: the badge names the scale (the dialog the stock's volatility).
    expect(within(card).getByText("Conservative").closest("[data-risk]")?.getAttribute("title")).toBe(
      "On 60-day volatility a year; Aggressive from 40.0%",
    );
  });

  test("an editor's confidence keeps the spec's colours: 80 and above green, 60-79 yellow, below 60 red", () => {
    for (const [confidence, tone] of [
      [80, "green"],
      [79, "yellow"],
      [60, "yellow"],
      [59, "red"],
    ] as const) {
      const card = renderCard({ confidence });
      const badge = within(card).getByText(`Editor's confidence ${confidence}%`).closest("[data-tone]");
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
    expect(within(card).getByText("+$12.35K (+246.9%)")).toBeTruthy();
  });

  test("without a current price: 'Data not available currently'; the optional 'Recommended:' date", () => {
    const card = renderCard({ currentPrice: null }, true);
    expect(within(card).getByText("Data not available currently")).toBeTruthy();
    expect(within(card).getByText("Recommended: Oct 27, 2023")).toBeTruthy();
  });

  test("the outcome: open with the return so far, then whether the stated event happened against the median", () => {
    let card = renderCard();
    expect(card.querySelector('[data-outcome="open"]')?.textContent).toBe("Open -5.0%");
    cleanup();
    // The dialog reads the detail, which has the session the return runs to.
    const dialog = renderDialog(detail);
    expect(dialog.querySelector('[data-outcome="open"]')?.textContent).toBe("Open -5.0% · Oct 27, 2023");
    expect(within(dialog).getByText("as of Oct 27, 2023")).toBeTruthy();
    cleanup();
    card = renderCard({
      outcome: {
        realisedReturn: 0.061,
        universeMedianReturn: 0.01,
        statedEvent: "beats-median",
        eventHappened: true,
      },
    });
    expect(card.querySelector('[data-outcome="happened"]')?.textContent).toBe("Beat the median");
    // An editor's pick has no horizon in sessions: the span is to its target date, as the track record scores it.
    expect(within(card).getByTestId("outcome-words").textContent).toBe(
      "Beat the median stock by 5.1 points to its target date, Dec 29, 2023 (+6.1% against +1.0%).",
    );
    cleanup();
    card = renderCard({
      outcome: {
        realisedReturn: 0.004,
        universeMedianReturn: 0.01,
        statedEvent: "beats-median",
        eventHappened: false,
      },
    });
    expect(card.querySelector('[data-outcome="did-not-happen"]')?.textContent).toBe(
      "Did not beat the median",
    );
    expect(within(card).getByTestId("outcome-words").textContent).toBe(
      "Trailed the median stock by 0.6 points to its target date, Dec 29, 2023 (+0.4% against +1.0%).",
    );
    expect(within(card).getByRole("button", { name: "View Full Analysis of KO" })).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /KO quote/ })
        .getAttribute("target"),
    ).toBe("_blank");
  });
});

/** The evidence fields the API adds to a model call (issue 24), as a list's row carries them. */
const evidence = {
  statedEvent: "beats-median" as const,
  confidence: 53,
  expectedExcessReturn: 0.012,
  expectedExcessLow: -0.098,
  expectedExcessHigh: 0.121,
  edgeSignificant: false,
  modelStale: false,
};
/** And as the detail has them. */
const evidenceDetail = {
  ...evidence,
  probability: 0.53,
  modelTrainedThrough: "2026-08-14",
  postedByName: null,
};

function renderDialog(recommendation: Recommendation) {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <RecommendationDialog recommendation={recommendation} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole("dialog", { name: "View Full Analysis" });
}

describe("what the model said", () => {
  test("a model call names its probability's event, beside a coin flip's 50%, and says it is the model's", () => {
    const card = renderCard({ ...model, ...evidence });
    expect(card.querySelector('[data-call="BUY"]')?.textContent).toBe("BUY");
    expect(within(card).getByText("Model call")).toBeTruthy();
    expect(
      within(card).getByText("53% chance to beat the median S&P 500 stock over 60 trading days"),
    ).toBeTruthy();
    expect(within(card).getByText("coin flip: 50%")).toBeTruthy();
    expect(within(card).getByText("53% chance")).toBeTruthy();
    expect(within(card).queryByText(/confidence/i)).toBeNull();
    expect(within(card).queryByText("Editor's pick")).toBeNull();
    expect(within(card).getByText("Decile 10 of 10")).toBeTruthy();
  });

  test("a model call shows no price projection: its target field is a mark against the median stock", () => {
    // sellTarget is buy × (1 + expected excess): not an expected price, so neither it nor a return on it shows.
    const card = renderCard({ ...model, ...evidence, buyPrice: "50.00", sellTarget: "50.60" });
    expect(within(card).getByText("Target price")).toBeTruthy();
    expect(within(card).getByText("No price forecast")).toBeTruthy();
    expect(within(card).getByText("a call against the median stock")).toBeTruthy();
    expect(within(card).getByText("Vs median stock")).toBeTruthy();
    expect(within(card).getByText("Beat by 1.2%")).toBeTruthy();
    expect(within(card).getByText("expected, 60 trading days")).toBeTruthy();
    expect(within(card).queryByText("$50.60")).toBeNull();
    expect(within(card).queryByText("Potential return")).toBeNull();
    expect(within(card).queryByText("1.2%")).toBeNull();
  });

  test("a SELL says it is expected to trail the median stock and never shows a falling price", () => {
    const card = renderCard({
      ...model,
      ...evidence,
      call: "SELL",
      decile: 1,
      statedEvent: "trails-median",
      confidence: 54,
      expectedExcessReturn: -0.0076,
      expectedExcessLow: -0.15,
      expectedExcessHigh: 0.09,
      buyPrice: "14.75",
      sellTarget: "14.64",
    });
    expect(card.querySelector('[data-call="SELL"]')?.getAttribute("title")).toBe(
      "SELL: bottom tenth of the ranking, expected to trail the median stock (its price may still rise)",
    );
    expect(within(card).getByText("Trail by 0.8%")).toBeTruthy();
    // The case: "Projected $14.64" against $14.75 read as a fall while decile 1 rose 2.5% on average.
    expect(within(card).queryByText("$14.64")).toBeNull();
    expect(within(card).queryByText(/^-?0\.7%$/)).toBeNull();
    expect(within(card).getByText("$14.75")).toBeTruthy();
  });

  test("the probability is neutral gray unless the model card's edge is significant, then the spec's colours", () => {
    for (const [edgeSignificant, confidence, tone] of [
      [false, 85, "neutral"],
      [null, 53, "neutral"],
      [undefined, 62, "neutral"],
      [true, 85, "green"],
      [true, 62, "yellow"],
      [true, 53, "red"],
    ] as const) {
      const card = renderCard({ ...model, ...evidence, edgeSignificant, confidence });
      const badge = within(card).getByText(`${confidence}% chance`).closest("[data-tone]");
      expect(badge?.getAttribute("data-tone")).toBe(tone);
      cleanup();
    }
  });

  test("a BUY is expected to beat the median stock, a SELL to trail it, each with its own fitted range", () => {
    let card = renderCard({ ...model, ...evidence });
    expect(
      within(card).getByText(
        "Expected to beat the median stock by 1.2% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -9.8% to +12.1%",
      ),
    ).toBeTruthy();
    cleanup();
    card = renderCard({
      ...model,
      ...evidence,
      call: "SELL",
      decile: 1,
      statedEvent: "trails-median",
      confidence: 54,
      expectedExcessReturn: -0.014,
      expectedExcessLow: -0.151,
      expectedExcessHigh: 0.092,
    });
    expect(card.querySelector('[data-call="SELL"]')?.textContent).toBe("SELL");
    expect(
      within(card).getByText("54% chance to trail the median S&P 500 stock over 60 trading days"),
    ).toBeTruthy();
    expect(
      within(card).getByText(
        "Expected to trail the median stock by 1.4% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -15.1% to +9.2%",
      ),
    ).toBeTruthy();
    expect(within(card).queryByText(/beat the median stock/)).toBeNull();
  });

  test("an older call without the excess return keeps its target; its dialog its total return text", () => {
    const card = renderCard(model);
    expect(within(card).getByText("Potential return")).toBeTruthy();
    expect(within(card).getByText("$57.25")).toBeTruthy();
    // The API names the event from the call on every row, older ones included.
    expect(
      within(card).getByText("57% chance to beat the median S&P 500 stock over 60 trading days"),
    ).toBeTruthy();
    cleanup();
    // The expected total return of rows before issue 24 is the detail's (decision 151).
    const dialog = renderDialog({ ...detail, ...modelDetail });
    expect(
      within(dialog).getByText(
        "Expected +4.1% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -12.0% to +21.3%",
      ),
    ).toBeTruthy();
  });

  test("a model older than the data it scores says so; a current one says nothing", () => {
    // The card's row has the flag; the training date is the dialog's.
    let card = renderCard({ ...model, ...evidence, modelStale: true });
    expect(within(card).getByText("Model older than the data it scores")).toBeTruthy();
    cleanup();
    const dialog = renderDialog({
      ...detail,
      ...modelDetail,
      ...evidenceDetail,
      modelTrainedThrough: "2023-12-29",
      modelStale: true,
    });
    expect(
      within(dialog).getByText(
        "Model trained on outcomes through Dec 29, 2023: older than the data it scores",
      ),
    ).toBeTruthy();
    cleanup();
    card = renderCard({ ...model, ...evidence });
    expect(within(card).queryByText(/older than the data it scores/)).toBeNull();
  });

  test("an editor's pick is labelled with its poster and the editor's confidence, never as a chance", () => {
    let card = renderCard({ postedByName: "Jane Doe" });
    expect(within(card).getByText("Editor's pick")).toBeTruthy();
    expect(within(card).getByText("posted by Jane Doe")).toBeTruthy();
    expect(within(card).getByText("Editor's confidence 82%")).toBeTruthy();
    expect(within(card).queryByText(/chance/)).toBeNull();
    expect(within(card).queryByText("Model call")).toBeNull();
    expect(card.querySelector("[data-call]")).toBeNull();
    expect(within(card).queryByText(/Decile|Expected|coin flip/)).toBeNull();
    expect(within(card).getByText("Potential return")).toBeTruthy();
    cleanup();
    // The poster's account is gone, or the row predates the name: still an editor's.
    card = renderCard({ postedByName: null });
    expect(within(card).getByText("Editor's pick")).toBeTruthy();
    expect(within(card).getByText("by an editor")).toBeTruthy();
  });

  test("an editor's pick heads its text 'Editor's note' and shows the model's own view of the stock beside it", () => {
    const modelView = {
      call: "HOLD" as const,
      decile: 5,
      confidence: 50,
      horizonDays: 60,
      modelVersion: "ranker-live",
      statedEvent: "trails-median" as const,
      edgeSignificant: false,
    };
    let card = renderCard({ postedByName: "Jane Doe", modelView });
    expect(within(card).getByText("Editor's note")).toBeTruthy();
    expect(within(card).queryByText("AI reasoning")).toBeNull();
    const view = within(card).getByTestId("model-view");
    expect(within(view).getByText("Model's view")).toBeTruthy();
    expect(within(view).getByText("HOLD")).toBeTruthy();
    expect(within(view).getByText("50% chance").closest("[data-tone]")?.getAttribute("data-tone")).toBe(
      "neutral",
    );
    expect(within(view).getByText("decile 5 of 10")).toBeTruthy();
    // The editor's confidence stays the editor's, and the pick itself gets no call badge of the model's.
    expect(within(card).getByText("Editor's confidence 82%")).toBeTruthy();
    cleanup();
    card = renderCard({ modelView: null });
    expect(within(card).getByText("The model did not rank KO that day.")).toBeTruthy();
    cleanup();
    const dialog = renderDialog({ ...detail, modelView });
    expect(within(dialog).getByText("Editor's note")).toBeTruthy();
    expect(within(dialog).queryByText("AI reasoning")).toBeNull();
    expect(within(within(dialog).getByTestId("model-view")).getByText("HOLD")).toBeTruthy();
    cleanup();
    // A model call keeps the spec's heading and has no second view of itself.
    const call = renderDialog({ ...detail, ...modelDetail, ...evidenceDetail });
    expect(within(call).getByText("AI reasoning")).toBeTruthy();
    expect(within(call).queryByTestId("model-view")).toBeNull();
    expect(within(call).queryByText("Editor's note")).toBeNull();
  });

  test("the detail dialog of a model call: the event's chance beside a coin flip, the excess return, the model", () => {
    const dialog = renderDialog({ ...detail, ...modelDetail, ...evidenceDetail, modelStale: true });
    expect(within(dialog).getByText("Model call")).toBeTruthy();
    expect(within(dialog).getByText("Model outlook")).toBeTruthy();
    expect(within(dialog).getByText("Decile 10 of 10")).toBeTruthy();
    expect(
      within(dialog).getByText("53% chance to beat the median S&P 500 stock over 60 trading days"),
    ).toBeTruthy();
    expect(within(dialog).getByText("coin flip: 50%")).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Expected to beat the median stock by 1.2% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -9.8% to +12.1%",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("53% chance").closest("[data-tone]")?.getAttribute("data-tone")).toBe(
      "neutral",
    );
    expect(within(dialog).getByText("Aug 14, 2026")).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Model trained on outcomes through Aug 14, 2026: older than the data it scores",
      ),
    ).toBeTruthy();
    // No price projection: the target field is a mark against the median stock.
    expect(within(dialog).getByText("No price forecast")).toBeTruthy();
    expect(within(dialog).getByText("Beat by 1.2%")).toBeTruthy();
    expect(within(dialog).queryByText("Potential return")).toBeNull();
    expect(within(dialog).queryByText("$57.25")).toBeNull();
    expect(within(dialog).getByText("Horizon ends")).toBeTruthy();
  });

  test("the dialog of an editor's pick: labelled with its poster and the editor's confidence, no model section", () => {
    const dialog = renderDialog({ ...detail, postedByName: "Jane Doe" });
    expect(within(dialog).queryByText("Model outlook")).toBeNull();
    expect(within(dialog).getAllByText("Editor's pick").length).toBeGreaterThan(0);
    expect(within(dialog).getByText("posted by Jane Doe")).toBeTruthy();
    expect(within(dialog).getByText("Editor's confidence 82%")).toBeTruthy();
    expect(within(dialog).queryByText(/chance|coin flip/)).toBeNull();
    // The reasoning is a list, not a paragraph.
    expect(
      within(within(dialog).getByTestId("recommendation-reasons"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Steady compounder."]);
    expect(within(dialog).queryByText(/Decile/)).toBeNull();
    expect(within(dialog).getByText("Potential return")).toBeTruthy();
  });
});

describe("simulated and live calls (docs/decisions/109)", () => {
  test("the card badges how the call was made; the dialog says what a simulated call means", () => {
    const simulated = renderCard({ ...model, ...evidence, provenance: "simulated" });
    expect(within(simulated).getByText("Simulated")).toBeTruthy();
    expect(within(simulated).queryByText("Live")).toBeNull();
    cleanup();
    const live = renderCard({ ...model, ...evidence, provenance: "live" });
    expect(within(live).getByText("Live")).toBeTruthy();
    cleanup();
    const dialog = renderDialog({ ...detail, ...modelDetail, ...evidenceDetail, provenance: "simulated" });
    expect(within(dialog).getByTestId("recommendation-provenance").textContent).toBe(
      "Simulated call: made later for a past date, by a design chosen knowing how that date turned out: no one could have acted on it.",
    );
  });
});
