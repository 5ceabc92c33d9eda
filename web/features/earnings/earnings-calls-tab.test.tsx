import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { EarningsCallsTab } from "./earnings-calls-tab.tsx";

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["WYNN", "CTLT", "LKQ", "SYK"], from: "2020-09-01" });
  token = await api.signIn((await api.createUser()).email, "correct-horse-battery");
  storeToken(token);
});
afterAll(() => api.close());
afterEach(cleanup);

describe("Earnings Calls tab, on the real API with real demo prices", () => {
  test("title, subtitle, cards with bands and time labels, and the filtered / total badge", async () => {
    renderWithProviders(<EarningsCallsTab />);
    await screen.findByRole("heading", { name: "Upcoming Earnings Calls" });
    expect(screen.getByText("Next 7 days of earnings announcements")).toBeTruthy();
    const cards = await screen.findAllByTestId("earnings-card");
    const total = cards.length;
    expect(total).toBeGreaterThan(1);
    expect(screen.getByTestId("earnings-count").textContent).toBe(`${total} / ${total}`);
    for (const card of cards) {
      expect(within(card).getByText(/Time TBA/)).toBeTruthy();
      // The demo market has no EPS or revenue estimates: one quiet line says so (not a bold "Not available" twice).
      expect(within(card).getByText("No estimates")).toBeTruthy();
      expect(within(card).queryByText(/Not available/)).toBeNull();
      // The company's name once, and no "N/A" industry line.
      expect(within(card).queryByText("N/A")).toBeNull();
      const badge = card.querySelector("[data-tone]")!;
      const probability = Number(/^(\d+)%/.exec(badge.textContent ?? "")?.[1]);
      const expected =
        probability >= 70 ? "High Confidence" : probability >= 50 ? "Moderate" : "Low Confidence";
      expect(badge.textContent).toContain(expected);
    }
  });

  test("each card shows how many of the stock's past reactions rose beside the universe's rate", async () => {
    const answer = (await (await api.request("/api/earnings-calendar", { token })).json()) as {
      earnings: Array<{
        symbol: string;
        pastReactionsRose: number;
        pastReactions: number;
        universeRiseRate: number;
      }>;
    };
    renderWithProviders(<EarningsCallsTab />);
    const cards = await screen.findAllByTestId("earnings-card");
    expect(cards.length).toBe(answer.earnings.length);
    cards.forEach((card, i) => {
      const e = answer.earnings[i]!;
      expect(card.textContent).toContain(e.symbol);
      expect(within(card).getByTestId("earnings-record").textContent).toBe(
        `${e.pastReactionsRose} of ${e.pastReactions} past reactions rose (universe: ${e.universeRiseRate}%)`,
      );
      expect(within(card).getByText("Estimated date")).toBeTruthy();
      expect(within(card).queryByText(/not measured/)).toBeNull();
    });
  });

  test("on a provider's real dates the card says the growth probability was not measured there", async () => {
    const demo = api.deps.market!;
    api.deps.market = Object.assign(Object.create(demo), {
      source: "replay",
      earnings: async () => [
        {
          symbol: "WYNN",
          date: "2023-11-01",
          time: "post-market",
          quarter: 3,
          year: 2023,
          epsEstimate: 1.2,
          epsActual: null,
          revenueEstimate: 1_700_000_000,
          revenueActual: null,
        },
      ],
    });
    try {
      renderWithProviders(<EarningsCallsTab />);
      const [card] = await screen.findAllByTestId("earnings-card");
      expect(within(card!).getByText(/After-Market/)).toBeTruthy();
      // Revenue is money: "$" and abbreviated like the EPS beside it.
      expect(within(card!).getByText("$1.20 / $1.70B")).toBeTruthy();
      expect(within(card!).getByTestId("earnings-record").textContent).toMatch(
        /^\d+ of \d+ past reactions rose \(universe: \d+%\)$/,
      );
      expect(
        within(card!).getByText(
          "Growth probability not measured on calendar dates like this one: only on estimated dates.",
        ),
      ).toBeTruthy();
      expect(within(card!).queryByText("Estimated date")).toBeNull();
    } finally {
      api.deps.market = demo;
    }
  });

  test("the growth filter narrows the list and the badge; an empty band says 'No Results Found'", async () => {
    renderWithProviders(<EarningsCallsTab />, { mantineTestEnv: true });
    const total = (await screen.findAllByTestId("earnings-card")).length;
    const user = userEvent.setup();
    await user.click(screen.getAllByLabelText("Growth probability")[0]!);
    await user.click(await screen.findByRole("option", { name: "75-100%" }));
    await waitFor(() => expect(screen.getByText("No Results Found")).toBeTruthy());
    expect(screen.getByTestId("earnings-count").textContent).toBe(`0 / ${total}`);
  });
});
