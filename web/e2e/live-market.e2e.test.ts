// The production server on a live provider (MARKET_DATA_PROVIDER=yahoo) whose answers come from a local Yahoo
// replay server: recorded answers, with chart bars from the bundled real history (api/test/provider-replay.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { yahooReplayOfBundledHistory } from "../../api/test/provider-replay.ts";
import { DESKTOP, screenshot, serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

let yahoo: Awaited<ReturnType<typeof yahooReplayOfBundledHistory>>;
beforeAll(async () => {
  yahoo = await yahooReplayOfBundledHistory(["AAPL"]);
});
afterAll(() => yahoo?.stop());
const e2e = serverAndBrowserForFile(() => ({
  MARKET_DATA_PROVIDER: "yahoo",
  YAHOO_BASE_URL: yahoo.server.url,
  // A live provider is not demo mode, so the demo accounts this journey signs in with are asked for (decision 019).
  DEMO_ACCOUNTS: "true",
}));

test("on live data: no demo badge; analysis and watchlist prices come from the provider with their time; an outage says so", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);

  await page.getByRole("tab", { name: "Analyze Stock" }).click();
  await page.getByRole("combobox", { name: "Stock symbol" }).fill("aapl");
  await page.getByRole("button", { name: "Analyze" }).click();
  const card = page.getByTestId("insight-card").filter({ hasText: "AAPL" });
  await card.waitFor();
  await card.getByText("$168.22", { exact: true }).first().waitFor();
  expect(await page.getByText("Demo data as of").count()).toBe(0);
  expect(yahoo.server.calls.some((c) => c.startsWith("/v8/finance/chart/AAPL"))).toBe(true);

  await page.getByRole("tab", { name: "Watchlist" }).click();
  await page.getByRole("button", { name: "Add Your First Stock" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Stock" });
  await dialog.getByRole("combobox", { name: "Stock symbol" }).fill("aapl");
  await dialog.getByRole("button", { name: "Add Stock" }).click();
  const item = page.getByTestId("watchlist-card").filter({ hasText: "AAPL" });
  await item.getByText("$168.22", { exact: true }).first().waitFor();
  await screenshot(page, "live-market-watchlist");
  // The provider's quote time (the close of Oct 27, 2023), not the day it was fetched.
  await item.getByText(/as of Oct 27, 2023, \d{1,2}:\d{2}\s(AM|PM)/).waitFor();

  await context.close();

  // The outage, seen by a second person: the investor's own share of the server's time (decision 089) may be spent
  // by the first analysis, which scored the whole universe, when the machine is loaded; a refusal is not the outage.
  const admin = await e2e.browser.newPage(DESKTOP);
  await signInThroughForm(admin.page, e2e.server.url, "admin@example.com", "admin-demo-password");
  await admin.page.waitForURL(`${e2e.server.url}/dashboard`);
  yahoo.server.fault = "rate-limited";
  await admin.page.getByRole("tab", { name: "Analyze Stock" }).click();
  await admin.page.getByRole("combobox", { name: "Stock symbol" }).fill("msft");
  await admin.page.getByRole("button", { name: "Analyze" }).click();
  await admin.page.getByText("Analysis Failed:").waitFor();
  await admin.page.getByText("Market data is unavailable right now", { exact: false }).first().waitFor();
  yahoo.server.fault = null;
  await admin.context.close();
});
