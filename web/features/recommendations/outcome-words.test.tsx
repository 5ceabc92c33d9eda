import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { adminRecommendation } from "../../test/recommendation-fixture.ts";
import { theme } from "../../theme.ts";
import { outcomeHeadline, outcomeSentence, outcomeShort } from "./outcome-words.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { RecommendationDialog } from "./recommendation-dialog.tsx";
import type { Recommendation } from "./recommendations.queries.ts";

afterEach(cleanup);

type Outcome = NonNullable<Recommendation["outcome"]>;

const resolved = (
  realisedReturn: number,
  universeMedianReturn: number,
  over: Partial<Outcome> = {},
): Outcome => ({
  status: "missed",
  targetReachedOn: null,
  exitDate: "2023-02-16",
  realisedReturn,
  universeMedianReturn,
  universeMeanReturn: universeMedianReturn,
  statedEvent: "beats-median",
  eventHappened: realisedReturn > universeMedianReturn,
  ...over,
});

/** A model call of the demo history's shape: 60 trading days, an expected excess return near a rounding edge. */
const modelCall = (outcome: Outcome): Recommendation => ({
  ...adminRecommendation,
  id: 21,
  symbol: "NOW",
  source: "model",
  call: "BUY",
  decile: 10,
  probability: 0.5201,
  confidence: 52,
  horizonDays: 60,
  statedEvent: "beats-median",
  expectedExcessReturn: 0.0115,
  expectedExcessLow: -0.17439,
  expectedExcessHigh: 0.19706,
  edgeSignificant: false,
  modelStale: false,
  recommendationDate: "2022-11-18",
  estimatedDate: "2023-02-16",
  outcome,
});

describe("a resolved call says in words how it ended", () => {
  test("beat, trailed or matched the median stock, in points, over the call's horizon in trading days", () => {
    expect(outcomeHeadline(modelCall(resolved(0.053, 0.022)))).toBe(
      "Beat the median stock by 3.1 points over 60 trading days",
    );
    expect(outcomeHeadline(modelCall(resolved(0.0175, 0.0386)))).toBe(
      "Trailed the median stock by 2.1 points over 60 trading days",
    );
    // +1.04% against +0.95% are both shown as +1.0%: equal as shown, whichever was higher unrounded.
    expect(outcomeSentence(modelCall(resolved(0.0104, 0.0095)))).toBe(
      "Matched the median stock over 60 trading days (+1.0% against +1.0%)",
    );
    expect(outcomeShort(modelCall(resolved(0.0175, 0.0386)))).toBe("Trailed the median by 2.1 points");
    expect(outcomeShort(modelCall(resolved(0.02, 0.01)))).toBe("Beat the median by 1.0 point");
  });

  test("a call that stated trailing the median is told the same way: the words say what the stock did", () => {
    const sell = modelCall(resolved(-0.04, 0.01, { statedEvent: "trails-median", eventHappened: true }));
    expect(outcomeHeadline(sell)).toBe("Trailed the median stock by 5.0 points over 60 trading days");
  });

  test("open calls and calls without a median have no ending yet", () => {
    const open = modelCall(resolved(0.03, 0.01, { eventHappened: null }));
    expect(outcomeHeadline(open)).toBeNull();
    expect(outcomeShort(open)).toBe("Open");
    expect(outcomeHeadline(modelCall(resolved(0.03, 0.01, { universeMedianReturn: null })))).toBeNull();
    expect(outcomeShort({ ...open, outcome: null })).toBe("—");
  });

  test("the points are the difference of the returns as shown: -5.2% against -8.7% beat it by 3.5, not 3.4", () => {
    // Unrounded, -5.24% against -8.66% is 3.42 points apart.
    expect(outcomeSentence(modelCall(resolved(-0.0524, -0.0866)))).toBe(
      "Beat the median stock by 3.5 points over 60 trading days (-5.2% against -8.7%)",
    );
  });
});

describe("the card and its dialog show the same numbers", () => {
  test("outcome words, expected excess return and its interval are word for word the same in both", () => {
    const r = modelCall(resolved(-0.0524, -0.0866));
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <RecommendationCard recommendation={r} onOpen={() => {}} />
          <RecommendationDialog recommendation={r} onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const card = screen.getByTestId("recommendation-card");
    const dialog = screen.getByRole("dialog", { name: "View Full Analysis" });
    const words = "Beat the median stock by 3.5 points over 60 trading days (-5.2% against -8.7%).";
    expect(within(card).getByTestId("outcome-words").textContent).toBe(words);
    expect(within(dialog).getByTestId("outcome-words").textContent).toBe(words);
    // 0.0115 is 1.15%: half away from zero gives 1.2 (toFixed on the float said 1.1).
    const expected =
      "Expected to beat the median stock by 1.2% over 60 trading days; range fitted to hold 80% of outcomes (10th to 90th percentile): -17.4% to +19.7%";
    expect(within(card).getByText(expected)).toBeTruthy();
    expect(within(dialog).getByText(expected)).toBeTruthy();
    expect(within(card).getByText("52% chance")).toBeTruthy();
    expect(within(dialog).getByText("52% chance")).toBeTruthy();
  });
});
