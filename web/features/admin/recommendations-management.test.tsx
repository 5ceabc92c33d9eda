import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { formatDate } from "../../lib/format.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { RecommendationsManagement } from "./recommendations-management.tsx";

// The admin's new recommendation form and delete by date, on the real API in process (decision 146): what the form
// sent is read back from the API, not from a stand-in's request log.

let api: TestApp;
let token: string;
let today: string;
beforeAll(async () => {
  api = await useRealApi();
  today = await api.useDemoMarket({ symbols: ["KO", "PFE"], from: "2023-09-01" });
  const admin = await api.createUser({ isAdmin: true });
  token = await signInBrowser(api, admin.email);
});
afterAll(() => closeRealApi(api));
afterEach(() => {
  cleanup();
  notifications.clean();
});

/** The recommendations the API holds for `date`. */
function onDate(date: string) {
  return bodyOf(
    api.api(token).recommendations.historical.$get({ query: { fromDate: date, toDate: date } }),
    200,
  );
}

/** One recommendation as the API answers it, with how its risk level was decided. */
function detail(id: number) {
  return bodyOf(api.api(token).recommendations[":id"].$get({ param: { id: String(id) } }), 200);
}

/** The symbol's close on the market's today, from the API. */
async function closeOf(symbol: string) {
  const history = await bodyOf(api.api(token).market.history[":symbol"].$get({ param: { symbol } }), 200);
  return history.points.at(-1)!.close;
}

/**
 * Fills the form for `symbol` at its close (near enough not to be asked about), with `reason` unless blank. One
 * symbol takes one recommendation a date, so each post names another.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, symbol: string, reason: string) {
  const close = await closeOf(symbol);
  await user.type(await screen.findByRole("combobox", { name: /Symbol/ }), symbol.toLowerCase());
  const buy = screen.getByRole("textbox", { name: /Buy price/ }) as HTMLInputElement;
  // The buy price defaults to the day's close once the symbol is known.
  await waitFor(() => expect(buy.value).toBe(`$${close}`), { timeout: 3000 });
  expect(screen.getByText(`Close on ${formatDate(today)}: $${close.toFixed(2)}`)).toBeTruthy();
  await user.type(screen.getByRole("textbox", { name: /Target price/ }), String(Math.ceil(close * 1.2)));
  await user.type(screen.getByRole("textbox", { name: /Confidence/ }), "82");
  await user.type(document.querySelector('input[name="estimatedDate"]') as HTMLElement, "2023-12-29");
  if (reason) await user.type(screen.getByRole("textbox", { name: /Reason/ }), reason);
}

describe("admin's new recommendation form", () => {
  test("an empty Reason says it is required and nothing is posted", async () => {
    const before = (await onDate(today)).length;
    renderWithProviders(<RecommendationsManagement />, { mantineTestEnv: true });
    const user = userEvent.setup();
    await fill(user, "KO", "");
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    expect(await screen.findByText("Reason is required.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Reason/ }).getAttribute("aria-invalid")).toBe("true");
    expect((await onDate(today)).length).toBe(before);
  });

  test("left unchecked, the server decides Aggressive from volatility; ticked, it is set as posted", async () => {
    const close = await closeOf("KO");
    renderWithProviders(<RecommendationsManagement />, { mantineTestEnv: true });
    const user = userEvent.setup();
    await fill(user, "KO", "Steady compounder.");
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    await waitFor(async () =>
      expect((await onDate(today)).some((r) => r.reason === "Steady compounder.")).toBe(true),
    );
    const first = (await onDate(today)).find((r) => r.reason === "Steady compounder.")!;
    expect(first).toMatchObject({
      symbol: "KO",
      buyPrice: close.toFixed(2),
      sellTarget: Math.ceil(close * 1.2).toFixed(2),
      confidence: 82,
      estimatedDate: "2023-12-29",
      source: "admin",
    });
    expect((await detail(first.id)).aggressiveBasis).toMatch(/volatility [0-9.]+% a year; Aggressive from /);

    // The form is empty again after posting; this time the admin ticks the box.
    await waitFor(() => expect(screen.getByRole("textbox", { name: /Reason/ })).toHaveProperty("value", ""));
    await fill(user, "PFE", "Riskier call.");
    await user.click(screen.getByRole("checkbox", { name: /Aggressive/ }));
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    await waitFor(async () =>
      expect((await onDate(today)).some((r) => r.reason === "Riskier call.")).toBe(true),
    );
    const second = (await onDate(today)).find((r) => r.reason === "Riskier call.")!;
    expect(second).toMatchObject({ symbol: "PFE", aggressive: true });
    expect((await detail(second.id)).aggressiveBasis).toBe("set when posted");
  });
});

describe("admin's delete by date", () => {
  test("does nothing until a date is picked, then asks to confirm that date", async () => {
    const empty = "2023-09-05";
    expect((await onDate(empty)).length).toBe(0);
    renderWithProviders(<RecommendationsManagement />, { mantineTestEnv: true });
    const user = userEvent.setup();
    const remove = () => screen.getByRole("button", { name: "Delete Recommendations" }) as HTMLButtonElement;
    expect((await waitFor(remove)).disabled).toBe(true);
    await user.click(remove());
    expect(screen.queryByRole("dialog", { name: "Delete recommendations?" })).toBeNull();

    await user.type(document.querySelector('input[name="date"]') as HTMLElement, empty);
    await waitFor(() => expect(remove().disabled).toBe(false));
    await user.click(remove());
    const dialog = await screen.findByRole("dialog", { name: "Delete recommendations?" });
    await waitFor(() =>
      expect(dialog.textContent).toContain(`There are no recommendations on ${formatDate(empty)}.`),
    );
  });
});
