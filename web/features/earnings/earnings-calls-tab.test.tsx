import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
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
      // No measured skill: the spec's label in a neutral colour, never a red or yellow that reads as doubt.
      expect(badge.getAttribute("data-tone")).toBe("neutral");
      expect(within(card).getByText("(estimated)")).toBeTruthy();
    }
  });

  test("under the heading the tab states how often an estimated date fell near the report", async () => {
    renderWithProviders(<EarningsCallsTab />);
    await screen.findAllByTestId("earnings-card");
    // The committed measurement: 25.6% within 1 session and 45.8% within 7, 2022-01 to 2023-09.
    expect(screen.getByTestId("earnings-date-accuracy").textContent).toBe(
      "Dates are estimated: 26% of past estimated dates fell within 1 trading session of the report, 46% within 7 (2022-2023).",
    );
  });

  test("each card leads with the stock's reports in words; the probability is labelled as their smoothed share", async () => {
    const answer = await bodyOf(api.api(token)["earnings-calendar"].$get(), 200);
    // The committed measurement: no better than the base rate, so the counts lead.
    expect(answer.measured.growth.beatsBaseRate).toBe(false);
    renderWithProviders(<EarningsCallsTab />);
    const cards = await screen.findAllByTestId("earnings-card");
    expect(cards.length).toBe(answer.earnings.length);
    expect(screen.getByTestId("earnings-measured").textContent).toMatch(
      /^Checked on [\d,]+ past estimated reports \(\d{4}-\d{4}\): the growth probability has no measured skill \(Brier 0\.2503 against 0\.2506 for all stocks' rate\), so each card leads with the stock's own record\. Its labels grade the chance of a rise: 'Low Confidence' means below 50%, not an unsure estimate\.$/,
    );
    cards.forEach((card, i) => {
      const e = answer.earnings[i]!;
      expect(card.textContent).toContain(e.symbol);
      const record = within(card).getByTestId("earnings-record");
      expect(record.textContent).toMatch(
        /^Rose after \d+ of its \d+ reports? since [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
      );
      expect(record.textContent).toContain(`Rose after ${e.reportsRose} of its ${e.reportsCounted} report`);
      // The main figure: it comes before the probability, which is labelled as that record smoothed.
      const badge = card.querySelector("[data-tone]")!;
      expect(record.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(badge.textContent).toStartWith(`${e.growthProbability}%`);
      expect(within(card).getByTestId("earnings-share").textContent).toBe(
        `growth probability: that record smoothed toward all stocks' ${Math.round(e.universeRiseRate * 100)}%; no measured skill`,
      );
      expect(within(card).getByText("Estimated date")).toBeTruthy();
      expect(within(card).queryByText(/not measured/)).toBeNull();
    });
  });

  test("no target price: the tab says the estimate did no better than today's price", async () => {
    renderWithProviders(<EarningsCallsTab />);
    const cards = await screen.findAllByTestId("earnings-card");
    for (const card of cards) {
      expect(within(card).getByTestId("earnings-target").textContent).toBe(
        "No target: our estimate did no better than today's price",
      );
      expect(card.textContent).not.toMatch(/Target price \(5 sessions after\)\$/);
    }
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
        /^(Rose after \d+ of its \d+ reports? since|No reports found since) /,
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
