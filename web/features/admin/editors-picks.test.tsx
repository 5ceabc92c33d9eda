import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { RecommendationsManagement } from "./recommendations-management.tsx";

// Editor's picks in the admin panel (issue 42, point 2; decision 139), on the real API in process: the confirmation
// of a buy price far from the day's close, and deleting one row of a date.

let api: TestApp;
let token: string;
let today: string;
beforeAll(async () => {
  api = await useRealApi();
  today = await api.useDemoMarket({ symbols: ["KO", "PFE", "XOM", "JPM"], from: "2023-09-01" });
  const admin = await api.createUser({ isAdmin: true });
  token = await signInBrowser(api, admin.email);
});
afterAll(() => closeRealApi(api));
afterEach(() => {
  cleanup();
  notifications.clean();
});

/** The recommendations the API holds for the market's today. */
async function onToday() {
  const res = await api
    .api(token)
    .recommendations.historical.$get({ query: { fromDate: today, toDate: today } });
  if (!res.ok) throw new Error(`historical: ${res.status}`);
  return res.json();
}

/** The symbol's close on the market's today, from the API. */
async function closeOf(symbol: string) {
  const res = await api.api(token).market.history[":symbol"].$get({ param: { symbol } });
  if (!res.ok) throw new Error(`history of ${symbol}: ${res.status}`);
  return (await res.json()).points.at(-1)!.close;
}

/**
 * Whether the confirmation is up, as a boolean: a failing `expect(element)` makes Bun print the element's whole
 * happy-dom object graph (about 190 MB and 20 s for a Mantine dialog), and inside waitFor, which retries every 50 ms,
 * that never ends.
 */
const askShown = () => screen.queryByRole("dialog", { name: "Post at this buy price?" }) !== null;

/** Fills the form for `symbol` with `buyPrice` typed over the close it defaults to. */
async function fill(user: ReturnType<typeof userEvent.setup>, symbol: string, buyPrice: string) {
  await user.type(await screen.findByRole("combobox", { name: /Symbol/ }), symbol.toLowerCase());
  const buy = screen.getByRole("textbox", { name: /Buy price/ });
  await waitFor(() => expect((buy as HTMLInputElement).value).not.toBe(""), { timeout: 3000 });
  await user.clear(buy);
  await user.type(buy, buyPrice);
  await user.type(screen.getByRole("textbox", { name: /Target price/ }), "90");
  await user.type(screen.getByRole("textbox", { name: /Confidence/ }), "70");
  await user.type(document.querySelector('input[name="estimatedDate"]') as HTMLElement, "2023-12-29");
  await user.type(screen.getByRole("textbox", { name: /Reason/ }), "Steady compounder.");
}

describe("a buy price far from the day's close", () => {
  test("asks first: Change price posts nothing, Post anyway posts the price as typed", async () => {
    const close = await closeOf("KO");
    const far = (close * 0.9).toFixed(2);
    const before = (await onToday()).length;
    renderWithProviders(<RecommendationsManagement />, { mantineTestEnv: true });
    const user = userEvent.setup();
    await fill(user, "KO", far);
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));

    const dialog = await screen.findByRole("dialog", { name: "Post at this buy price?" });
    expect(within(dialog).getByTestId("far-price").textContent).toMatch(
      new RegExp(`^\\$${far} is 10(\\.0)?% below the close of \\$${close.toFixed(2)} on `),
    );
    await user.click(within(dialog).getByRole("button", { name: "Change price" }));
    expect(dialog.isConnected).toBe(false);
    expect((await onToday()).length).toBe(before);
    // The form keeps what was typed, so the price can be changed.
    expect((screen.getByRole("textbox", { name: /Buy price/ }) as HTMLInputElement).value).toBe(`$${far}`);

    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    const again = await screen.findByRole("dialog", { name: "Post at this buy price?" });
    await user.click(within(again).getByRole("button", { name: "Post anyway" }));
    await waitFor(async () => expect((await onToday()).length).toBe(before + 1));
    const posted = (await onToday()).find((r) => r.symbol === "KO" && r.source === "admin");
    expect(Number(posted?.buyPrice)).toBe(Number(far));
    expect(await screen.findByText("Recommendation Posted")).toBeTruthy();
  });

  test("a price within 2% of the close posts without asking", async () => {
    const close = await closeOf("PFE");
    const near = (close * 1.01).toFixed(2);
    const before = (await onToday()).length;
    renderWithProviders(<RecommendationsManagement />, { mantineTestEnv: true });
    const user = userEvent.setup();
    await fill(user, "PFE", near);
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    await waitFor(async () => expect((await onToday()).length).toBe(before + 1));
    expect(askShown()).toBe(false);
  });
});

describe("delete by date lists the date's rows, each deletable on its own", () => {
  test("Delete beside one row removes that row only, and the list and count follow", async () => {
    const client = api.api(token);
    for (const symbol of ["XOM", "JPM"]) {
      await client.recommendations.$post({
        query: {},
        json: {
          symbol,
          buyPrice: 30,
          sellTarget: 40,
          confidence: 60,
          estimatedDate: "2023-12-29",
          reason: "For the delete list.",
        },
      });
    }
    const rows = await onToday();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const xom = rows.filter((r) => r.symbol === "XOM");

    renderWithProviders(<RecommendationsManagement />, { mantineTestEnv: true });
    const user = userEvent.setup();
    const open = (await screen.findByRole("button", { name: "Delete Recommendations" })) as HTMLButtonElement;
    await user.type(document.querySelector('input[name="date"]') as HTMLElement, today);
    await waitFor(() => expect(open.disabled).toBe(false));
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Delete recommendations?" });
    await waitFor(() => expect(within(dialog).getAllByTestId("delete-one-row").length).toBe(rows.length));
    expect(within(dialog).getByRole("button", { name: `Delete ${rows.length}` })).toBeTruthy();
    for (const row of within(dialog).getAllByTestId("delete-one-row"))
      expect(row.textContent).toMatch(/^[A-Z]+ · (Editor's pick|Model call)Delete$/);

    await user.click(within(dialog).getAllByRole("button", { name: "Delete XOM only" })[0]!);
    await waitFor(() => expect(within(dialog).getAllByTestId("delete-one-row").length).toBe(rows.length - 1));
    const left = await onToday();
    expect(left.length).toBe(rows.length - 1);
    expect(left.filter((r) => r.symbol === "XOM").length).toBe(xom.length - 1);
    expect(left.some((r) => r.symbol === "JPM")).toBe(true);
    expect(within(dialog).getByRole("button", { name: `Delete ${rows.length - 1}` })).toBeTruthy();
    expect(await screen.findByText("Recommendation deleted")).toBeTruthy();
  });
});
