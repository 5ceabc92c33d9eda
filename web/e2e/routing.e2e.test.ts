import { describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

const e2e = serverAndBrowserForFile();
const dist = join(import.meta.dir, "../../dist");

const toast = (page: Page, text: string) => page.getByText(text, { exact: false }).first();
const selectedTab = (page: Page) => page.getByRole("tab", { selected: true }).textContent();
const path = (page: Page) => new URL(page.url()).pathname;

async function newUser() {
  const email = `routing-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "routing-password-1", firstName: "Rou" }),
  });
  expect(res.status).toBe(201);
  const { page, context } = await e2e.browser.newPage();
  await signInThroughForm(page, e2e.server.url, email, "routing-password-1");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  return { page, context };
}

describe("addresses", () => {
  test("/no/such/page and /dashboard/extra show 'Page Not Found', styled, signed out and signed in", async () => {
    const { page, context } = await e2e.browser.newPage();
    for (const path of ["/no/such/page", "/dashboard/extra"]) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor({ timeout: 5000 });
      // The stylesheet loaded too (its URL is absolute): Mantine's font family is on the body.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("system-ui");
    }
    await context.close();
    const user = await newUser();
    await user.page.goto(`${e2e.server.url}/dashboard/extra`);
    await user.page.getByRole("heading", { name: "Page Not Found" }).waitFor({ timeout: 5000 });
    await user.context.close();
  });

  test("/dashboard/watchlist opens the Watchlist tab, a reload keeps it, Back returns to the previous tab", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard/watchlist`);
    await page.getByRole("heading", { name: "My Watchlist" }).waitFor();
    expect(await selectedTab(page)).toBe("Watchlist");
    await page.reload();
    await page.getByRole("heading", { name: "My Watchlist" }).waitFor();
    expect(await selectedTab(page)).toBe("Watchlist");

    await page.getByRole("tab", { name: "Earnings Calls" }).click();
    await page.getByRole("heading", { name: "Upcoming Earnings Calls" }).waitFor();
    expect(path(page)).toBe("/dashboard/earnings");
    await page.goBack();
    await page.getByRole("heading", { name: "My Watchlist" }).waitFor();
    expect(await selectedTab(page)).toBe("Watchlist");
    expect(path(page)).toBe("/dashboard/watchlist");
    await page.goForward();
    await page.getByRole("heading", { name: "Upcoming Earnings Calls" }).waitFor();

    // The arrow keys move along the strip and open the tab they reach, as before the tabs were routes.
    await page.getByRole("tab", { name: "Earnings Calls" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(`${e2e.server.url}/dashboard/watchlist`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Watchlist");

    // The latest tab is the dashboard's plain address.
    await page.getByRole("tab", { name: "Latest Recommendations" }).click();
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await context.close();
  });

  test("each tab is a route: /dashboard opens Latest, every tab's path its heading or empty state, its name the title", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard`);
    await page.getByRole("heading", { name: "Latest Recommendations", exact: true }).waitFor();
    expect(await selectedTab(page)).toBe("Latest Recommendations");
    for (const [tabPath, tab, shown] of [
      ["/dashboard/latest", "Latest Recommendations", "Latest Recommendations"],
      ["/dashboard/historical", "Historical Recommendations", "Historical Recommendations"],
      ["/dashboard/analyze", "Analyze Stock", "Analyze Stock"],
      ["/dashboard/history", "Analysis History", "No Analysis History"],
      ["/dashboard/earnings", "Earnings Calls", "Upcoming Earnings Calls"],
      ["/dashboard/watchlist", "Watchlist", "No stocks in your watchlist yet"],
    ] as const) {
      await page.goto(`${e2e.server.url}${tabPath}`);
      await page.getByText(shown, { exact: true }).first().waitFor();
      expect(await selectedTab(page)).toBe(tab);
      expect(await page.title()).toBe(`${tab} · Signalboard`);
    }
    // /dashboard/latest is a synonym of the dashboard's own address.
    await page.goto(`${e2e.server.url}/dashboard/latest`);
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    for (const [tabPath, tab, shown] of [
      ["/insights", "Analyze Stock", "Analyze Stock"],
      ["/insights/history", "Analysis History", "No Analysis History"],
    ] as const) {
      await page.goto(`${e2e.server.url}${tabPath}`);
      await page.getByText(shown, { exact: true }).first().waitFor();
      expect(await selectedTab(page)).toBe(tab);
      expect(await page.title()).toBe("Stock Insights · Signalboard");
    }
    await page.goto(`${e2e.server.url}/insights/analyze`);
    await page.waitForURL(`${e2e.server.url}/insights`);
    await context.close();
  });

  test("old ?tab= links land on the tab's own path, the historical search kept", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard?tab=historical&from=2023-10-01&to=2023-10-27&symbol=AAPL`);
    await page.waitForURL((url) => url.pathname === "/dashboard/historical");
    const url = new URL(page.url());
    expect([
      url.searchParams.get("from"),
      url.searchParams.get("to"),
      url.searchParams.get("symbol"),
    ]).toEqual(["2023-10-01", "2023-10-27", "AAPL"]);
    await page.getByRole("heading", { name: "Historical Recommendations", exact: true }).waitFor();
    expect(await selectedTab(page)).toBe("Historical Recommendations");
    expect(await page.getByRole("combobox", { name: "Stock Symbol" }).inputValue()).toBe("AAPL");
    expect(await page.locator('input[type="date"]').first().inputValue()).toBe("2023-10-01");
    for (const [old, now] of [
      ["/dashboard?tab=watchlist", "/dashboard/watchlist"],
      ["/dashboard?tab=latest", "/dashboard"],
      ["/?tab=earnings", "/dashboard/earnings"],
      ["/insights?tab=history", "/insights/history"],
    ] as const) {
      await page.goto(`${e2e.server.url}${old}`);
      await page.waitForURL(`${e2e.server.url}${now}`);
      await page.getByRole("tab", { selected: true }).waitFor();
    }
    await context.close();
  });

  test("the historical search is in the address: a reload shows the same filters and results", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard/historical`);
    await page.getByRole("heading", { name: "Historical Recommendations", exact: true }).waitFor();
    await page.locator('input[type="date"]').first().fill("2023-10-01");
    await page.locator('input[type="date"]').nth(1).fill("2023-10-27");
    await page.getByRole("combobox", { name: "Stock Symbol" }).fill("aapl");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/symbol=AAPL/);
    const url = new URL(page.url());
    expect(url.searchParams.get("from")).toBe("2023-10-01");
    expect(url.searchParams.get("to")).toBe("2023-10-27");
    await page.reload();
    await page.getByRole("heading", { name: "Historical Recommendations", exact: true }).waitFor();
    expect(await page.getByRole("combobox", { name: "Stock Symbol" }).inputValue()).toBe("AAPL");
    expect(await page.locator('input[type="date"]').first().inputValue()).toBe("2023-10-01");
    await context.close();
  });

  test("a year's search shows its newest page and the next on Show more, each date counted in full", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard/historical?from=2022-10-28&to=2023-10-27`);
    const found = page.getByText(/^[\d,]+ recommendations found$/);
    await found.waitFor();
    const total = Number((await found.textContent())?.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(48);
    const cards = page.getByTestId("recommendation-card");
    expect(await cards.count()).toBe(24);
    await page.getByRole("button", { name: "Show 24 more" }).click();
    await page.getByText("Showing the newest 48.").waitFor();
    expect(await cards.count()).toBe(48);
    // Each group's badge counts its date's matches, also for a group the pages show only part of.
    for (const group of await page.getByTestId("history-group").all()) {
      expect(Number(await group.getByTestId("history-group-count").textContent())).toBeGreaterThanOrEqual(
        await group.getByTestId("recommendation-card").count(),
      );
    }
    await context.close();
  });

  test("'Analyze Your First Stock' is a navigation to the Analyze tab", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard/history`);
    await page.getByRole("button", { name: "Analyze Your First Stock" }).click();
    await page.getByRole("combobox", { name: "Stock symbol" }).waitFor();
    expect(path(page)).toBe("/dashboard/analyze");
    await page.goBack();
    await page.getByText("No Analysis History").waitFor();
    await context.close();
  });
});

describe("access", () => {
  test("a signed-out visit to /dashboard gets the 'Unauthorized' toast and lands on /signin", async () => {
    const { page, context } = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/dashboard/watchlist`);
    await toast(page, "Unauthorized").waitFor();
    await toast(page, "You are logged out. Logging in again...").waitFor();
    // Sign-in will bring them back to the tab they asked for (issue 26).
    await page.waitForURL(`${e2e.server.url}/signin?redirect=%2Fdashboard%2Fwatchlist`, { timeout: 5000 });
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // The redirect replaced the dashboard's entry: Back does not bounce through it again.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
    await context.close();
  });

  test("a signed-out visit to the Latest tab, whose cards are asked for beside the user, gets the same toast; sign-in then shows the cards", async () => {
    const { page, context } = await e2e.browser.newPage();
    const latest = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/recommendations/latest");
    await page.goto(`${e2e.server.url}/dashboard`);
    // Refused, and left to the layout: no early trip to /signin that would skip the toast (decision 149).
    expect((await latest).status()).toBe(401);
    await toast(page, "Unauthorized").waitFor();
    await toast(page, "You are logged out. Logging in again...").waitFor();
    await page.waitForURL(`${e2e.server.url}/signin`, { timeout: 5000 });
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // Signing in on this page (its cache still holds the refused ask) shows the cards, not the refusal.
    const email = `routing-${Date.now()}@example.com`;
    const registered = await fetch(`${e2e.server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "routing-password-1", firstName: "Rou" }),
    });
    expect(registered.status).toBe(201);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.locator('input[name="password"]').fill("routing-password-1");
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/recommendations/latest");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    expect((await asked).status()).toBe(200);
    await page
      .getByRole("button", { name: /View Full Analysis/ })
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    await context.close();
  });

  test("a signed-in visit to /signin or /register goes to the dashboard", async () => {
    const { page, context } = await newUser();
    for (const path of ["/signin", "/register", "/forgot-password"]) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.waitForURL(`${e2e.server.url}/dashboard`, { timeout: 5000 });
    }
    await page.getByRole("tab", { name: "Latest Recommendations" }).waitFor();
    await context.close();
  });

  test("a session ended elsewhere: a mutation shows 'Unauthorized' and goes to /signin; a query goes there too", async () => {
    const { page, context } = await newUser();
    await page.goto(`${e2e.server.url}/dashboard/analyze`);
    await page.getByRole("combobox", { name: "Stock symbol" }).waitFor();
    // Sign out from another client with the same cookie: the page does not know yet.
    expect((await context.request.post(`${e2e.server.url}/api/auth/logout`)).ok()).toBe(true);
    await page.getByRole("combobox", { name: "Stock symbol" }).fill("msft");
    await page.getByRole("button", { name: "Analyze" }).click();
    await toast(page, "You are logged out. Logging in again...").waitFor();
    await page.waitForURL(`${e2e.server.url}/signin`, { timeout: 5000 });
    await context.close();

    const second = await newUser();
    await second.page.getByRole("tab", { name: "Analyze Stock" }).click();
    expect((await second.context.request.post(`${e2e.server.url}/api/auth/logout`)).ok()).toBe(true);
    await second.page.getByRole("tab", { name: "Watchlist" }).click();
    await second.page.waitForURL(`${e2e.server.url}/signin`, { timeout: 5000 });
    await second.context.close();
  });
});

describe("what a page loads", () => {
  test("the landing page loads at most 150 KB of gzip JavaScript, none of it zod; the dashboard's code is not among it", async () => {
    const { page, context } = await e2e.browser.newPage();
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname.slice(1));
    });
    await page.goto(`${e2e.server.url}/`);
    await page.getByText("Get Started Free").first().waitFor();
    await page.waitForLoadState("networkidle");
    const gzipBytes = scripts.reduce((sum, name) => {
      const gz = join(dist, `${name}.gz`);
      expect(existsSync(gz)).toBe(true);
      return sum + statSync(gz).size;
    }, 0);
    console.log(`landing page: ${scripts.length} scripts, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(150 * 1024);
    expect(scripts.some((s) => /dashboard|admin|track-record|api-docs|api-key|insight-chart/.test(s))).toBe(
      false,
    );
    for (const name of scripts) expect(await Bun.file(join(dist, name)).text()).not.toContain('"$ZodType"');
    await context.close();
  });

  test("the dashboard's first paint: the page preloads its code, and its cards are asked for beside the user", async () => {
    const { page, context } = await newUser();
    const scripts: string[] = [];
    // Asked for, not answered: a preloaded chunk the first card does not need may still be arriving when it shows.
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname.slice(1));
    });
    // The user's answer is held until the cards' request has gone out; left to the router, it would go after.
    const latestSent = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/recommendations/latest",
      {
        timeout: 15_000,
      },
    );
    let latestBeforeUser = false;
    await page.route("**/api/auth/user", async (route) => {
      latestBeforeUser = await Promise.race([
        latestSent.then(
          () => true,
          () => false,
        ),
        Bun.sleep(5000).then(() => false),
      ]);
      await route.continue();
    });
    await page.reload();
    await page.getByTestId("recommendation-card").first().waitFor();
    expect(latestBeforeUser).toBe(true);
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname.slice(1)));
    for (const route of ["_app.lazy-", "dashboard.lazy-", "dashboard._latestTab.lazy-"])
      expect(preloads.some((name) => name.startsWith(route))).toBe(true);
    for (const name of preloads) expect(scripts).toContain(name);
    await context.close();
  });
});
