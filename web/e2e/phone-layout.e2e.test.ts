import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  PHONE,
  screenshot,
  serverAndBrowserForFile,
  settled,
  signInThroughForm,
} from "./harness.ts";

// Issue 26, point 5: on a 390 px phone nothing scrolls sideways, the first card's price is above the fold, and the
// masked API key shows its last 4 characters (decision 081).
const e2e = serverAndBrowserForFile();

/**
 * Where the first screen ends in this test's terms (as app-shell.e2e.test.ts measures it): the 844 px viewport less
 * 150 px for a phone browser's address and tool bars.
 */
const FOLD = PHONE.height - 150;

/** How much wider than the viewport the page is (0: nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function widths(page: Page, paths: readonly string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(`${e2e.server.url}${path}`);
    await settled(page);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${path}: ${PHONE.width + extra} px`);
  }
  return wide;
}

describe("phones: 390 px wide", () => {
  test("no page scrolls sideways, signed out, signed in and as an admin", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    const signedOut = await widths(page, [
      "/",
      "/signin",
      "/register",
      "/forgot-password",
      "/terms",
      "/privacy",
      "/api-key",
      "/api-docs",
      "/no/such/page",
    ]);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    const signedIn = await widths(page, [
      "/",
      "/dashboard",
      "/dashboard/historical",
      "/dashboard/analyze",
      "/dashboard/history",
      "/dashboard/earnings",
      "/dashboard/watchlist",
      "/insights",
      "/insights/history",
      "/track-record",
      "/api-key",
      "/api-docs",
    ]);
    await screenshot(page, "api-docs-phone");
    await context.close();
    const admin = await e2e.browser.newPage(PHONE);
    await signInThroughForm(admin.page, e2e.server.url, "admin@example.com", "admin-demo-password");
    await admin.page.waitForURL(`${e2e.server.url}/dashboard`);
    const asAdmin = await widths(admin.page, ["/admin"]);
    await admin.context.close();
    expect([...signedOut, ...signedIn, ...asAdmin]).toEqual([]);
  });

  test("the first recommendation card's prices are above the fold", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    const card = page.getByTestId("recommendation-card").first();
    await card.waitFor();
    await settled(page);
    const figure = async (label: string) => {
      const value = card.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");
      return (await value.boundingBox())!;
    };
    const buy = await figure("Buy price");
    const current = await figure("Current price");
    await page.screenshot({ path: "test-results/screenshots/dashboard-first-price-phone.png" });
    expect(`buy price ends at ${Math.round(buy.y + buy.height)}`).toBe(
      `buy price ends at ${Math.min(Math.round(buy.y + buy.height), FOLD)}`,
    );
    expect(`current price ends at ${Math.round(current.y + current.height)}`).toBe(
      `current price ends at ${Math.min(Math.round(current.y + current.height), FOLD)}`,
    );
    await context.close();
  });

  for (const [viewport, name] of [
    [PHONE, "phone"],
    [DESKTOP, "wide"],
  ] as const) {
    test(`the masked API key shows its first 8 and last 4 characters, whole, in its field (${name})`, async () => {
      const { page, context } = await e2e.browser.newPage(viewport);
      await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
      await page.waitForURL(`${e2e.server.url}/dashboard`);
      await page.goto(`${e2e.server.url}/api-key`);
      const field = page.getByTestId("api-key-value");
      await field.waitFor();
      await settled(page);
      const masked = await field.inputValue();
      const fits = await field.evaluate((el) => (el as HTMLInputElement).scrollWidth <= el.clientWidth);
      await screenshot(page, `api-key-masked-${name}`);
      await page.getByRole("button", { name: "Show key" }).click();
      const key = await field.inputValue();
      expect(key).not.toBe(masked);
      expect(masked.startsWith(key.slice(0, 8))).toBe(true);
      expect(masked.endsWith(key.slice(-4))).toBe(true);
      expect(`masked key fits its field: ${fits}`).toBe("masked key fits its field: true");
      await context.close();
    });
  }
});
