import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { EarningsCallsTab } from "./earnings-calls-tab.tsx";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["WYNN", "CTLT", "LKQ", "SYK"], from: "2020-09-01" });
  storeToken(await api.signIn((await api.createUser()).email, "correct-horse-battery"));
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
      expect(within(card).getByText(/Not available/)).toBeTruthy();
      const badge = card.querySelector("[data-tone]")!;
      const probability = Number(/^(\d+)%/.exec(badge.textContent ?? "")?.[1]);
      const expected =
        probability >= 70 ? "High Confidence" : probability >= 50 ? "Moderate" : "Low Confidence";
      expect(badge.textContent).toContain(expected);
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
