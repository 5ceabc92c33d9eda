import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { fixedMarket } from "../../../api/test/fixed-market.ts";
import type { TestApp } from "../../../api/test/harness.ts";
import { AUTH_TOKEN_KEY } from "../../lib/auth-token.ts";
import { closeRealApi, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { LatestRecommendationsTab } from "./latest-recommendations-tab.tsx";
import { RecommendationDetailDialog } from "./recommendation-detail-dialog.tsx";

const NOTE =
  "Services revenue keeps compounding while the hardware cycle turns. Margins widened for six quarters in a row, " +
  "and the balance sheet carries more cash than debt.";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
  api.deps.market = fixedMarket("2023-10-27", { AAPL: 170.12 }, { AAPL: 0.22 });
  const account = await api.createUser({ isAdmin: true });
  const token = await api.signIn(account.email, "correct-horse-battery");
  const posted = await api.request("/api/recommendations", {
    method: "POST",
    token,
    json: {
      symbol: "AAPL",
      buyPrice: 165.1,
      sellTarget: 181.35,
      confidence: 72,
      estimatedDate: "2023-11-24",
      reason: NOTE,
    },
  });
  if (posted.status !== 201) throw new Error("posting the fixture failed");
  localStorage.setItem(AUTH_TOKEN_KEY, token);
});
afterAll(() => closeRealApi(api));
afterEach(cleanup);

/** The Latest tab with its dialog as the routes compose them: the open id stands for the address's. */
function LatestWithDialog() {
  const [openId, setOpenId] = useState<number | undefined>();
  return (
    <>
      <LatestRecommendationsTab openId={openId} onOpen={(r) => setOpenId(r.id)} />
      {openId === undefined ? null : (
        <RecommendationDetailDialog id={openId} onClose={() => setOpenId(undefined)} />
      )}
    </>
  );
}

describe("the recommendation dialog reads the recommendation's own answer", () => {
  test("the card shows the reason's two-line summary, the dialog the whole reason; Esc gives focus back to the card", async () => {
    renderWithProviders(<LatestWithDialog />);
    const card = await screen.findByTestId("recommendation-card", {}, { timeout: 5000 });
    expect(within(card).getByTestId("recommendation-reason").textContent).toBe(
      "Services revenue keeps compounding while the hardware cycle turns. Margins widened for six…",
    );
    const opener = within(card).getByRole("button", { name: "View Full Analysis of AAPL" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "View Full Analysis" });
    await waitFor(
      () => expect(within(dialog).getByTestId("recommendation-reasons").textContent).toContain("debt."),
      {
        timeout: 5000,
      },
    );
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toContain(
      "Margins widened for six quarters in a row, and the balance sheet carries more cash than debt.",
    );
    await userEvent.keyboard("{Escape}");
    expect(dialog.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  test("an id with no recommendation says so inside the open dialog", async () => {
    renderWithProviders(<RecommendationDetailDialog id={999_999} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "View Full Analysis" });
    await within(dialog).findByText("Could not load this recommendation", {}, { timeout: 5000 });
    expect(dialog.textContent).toContain("No recommendation with id 999999.");
  });
});
