import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { runDueJobs } from "../../../api/jobs/schedule.ts";
import { fixedMarket } from "../../../api/test/fixed-market.ts";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AlertBell } from "./alert-bell.tsx";

let api: TestApp;
let token: string;
const market = fixedMarket("2023-10-27", { AAPL: 100, MSFT: 200 });

beforeAll(async () => {
  api = await useRealApi();
  api.deps.market = market;
  token = await signInBrowser(api, (await api.createUser()).email);
});
afterAll(() => closeRealApi(api));
afterEach(cleanup);

describe("the header's alert bell (real API in process)", () => {
  test("no alerts: the bell says none unseen and its list says how alerts get there", async () => {
    renderWithProviders(<AlertBell />, { mantineTestEnv: true });
    const bell = await screen.findByRole("button", { name: "Alerts, none unseen" });
    await userEvent.setup().click(bell);
    expect(await screen.findByTestId("no-alerts")).toBeTruthy();
  });

  test("fired alerts: the count, then what fired, when, at what price, past which threshold; opening marks them seen; each dismisses", async () => {
    for (const [symbol, targetChangePercent] of [
      ["AAPL", 5],
      ["MSFT", 10],
    ] as const) {
      await api.request("/api/watchlist", { method: "POST", token, json: { symbol, targetChangePercent } });
    }
    market.prices.AAPL = 94;
    market.prices.MSFT = 230;
    // The scheduler's own alert job records the crossings.
    const { "check-alerts": run } = await runDueJobs(api.deps, ["check-alerts"]);
    expect(run).toMatchObject({ ran: true, result: { check: { newAlerts: 2 } } });

    renderWithProviders(<AlertBell />, { mantineTestEnv: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Alerts, 2 unseen" }));
    const list = await screen.findByRole("list", { name: "Fired alerts" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("MSFT up 15.00%"),
      expect.stringContaining("AAPL down 6.00%"),
    ]);
    expect(rows[1]!.textContent).toContain("At $94.00, past your ±5% threshold");
    expect(rows[0]!.textContent).toContain("At $230.00, past your ±10% threshold");
    // When, in the reader's time: the machine-readable instant beside it is the API's.
    expect(rows[1]!.querySelector("time")!.getAttribute("dateTime")).toBe("2026-11-23T12:00:00.000Z");
    expect(rows[1]!.querySelector("time")!.textContent).toMatch(/^Nov 23, 2026, \d+:00 [AP]M$/);
    // Shown as new while open, and counted as seen from now on.
    expect(within(rows[0]!).getByText("New")).toBeTruthy();
    await screen.findByRole("button", { name: "Alerts, none unseen" });
    const inbox = await bodyOf(api.api(token).notifications.alerts.$get(), 200);
    expect(inbox.unseen).toBe(0);

    await user.click(within(list).getByRole("button", { name: "Dismiss MSFT alert" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(within(list).getByRole("listitem").textContent).toContain("AAPL down 6.00%");
    const after = await bodyOf(api.api(token).notifications.alerts.$get(), 200);
    expect(after.alerts.map((a) => a.symbol)).toEqual(["AAPL"]);
  });
});
