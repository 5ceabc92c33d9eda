import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, screenshot, serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

// The app shell: the spec's toast rules, per-route titles, the favicon, the phone layout (one-row header with a
// menu, one-row tab strip, the first card above the fold), dark mode and the landing page's track record link.
const e2e = serverAndBrowserForFile();

const TOAST = ".mantine-Notification-root";

/** The sign-in page's Missing Information toast: shown without a server call. */
async function showToast(page: Page) {
  await page.goto(`${e2e.server.url}/signin`);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.locator(TOAST).filter({ hasText: "Missing Information" }).waitFor();
  await page.waitForTimeout(300); // the enter transition
}

async function drag(page: Page, dx: number) {
  const box = (await page.locator(TOAST).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 12;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(400);
}

describe("toasts follow the spec", () => {
  test("the toast region has a role and a label, and F8 focuses it", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await showToast(page);
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    expect(await region.locator(TOAST).count()).toBe(1);
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Notifications (F8)",
    );
    // From the region, Tab reaches the toast's close button.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Dismiss notification",
    );
    await context.close();
  });

  test("a swipe to the right of 50 px dismisses; 40 px, or 80 px to the left, does not", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await showToast(page);
    await drag(page, 40);
    expect(await page.locator(TOAST).count()).toBe(1);
    await drag(page, -80);
    expect(await page.locator(TOAST).count()).toBe(1);
    await drag(page, 60);
    await page.locator(TOAST).waitFor({ state: "detached", timeout: 2000 });
    await context.close();
  });

  test("on a phone the toast shows at the top, clear of the form and its errors below", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await showToast(page);
    const box = (await page.locator(TOAST).boundingBox())!;
    expect(box.y).toBeLessThan(100);
    await screenshot(page, "toast-phone");
    await context.close();
  });
});

describe("titles and favicon", () => {
  test("each route has its own document title and the favicon loads at any depth", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    for (const [path, title] of [
      ["/", "Signalboard: stock recommendations you can check"],
      ["/signin", "Sign in · Signalboard"],
      ["/register", "Create your account · Signalboard"],
      ["/terms", "Terms of Service · Signalboard"],
      ["/privacy", "Privacy Policy · Signalboard"],
      ["/api-docs", "API Documentation · Signalboard"],
      ["/no/such/page", "Page Not Found · Signalboard"],
    ] as const) {
      await page.goto(`${e2e.server.url}${path}`);
      await page
        .waitForFunction((t) => document.title === t, title, { timeout: 5000 })
        .catch(async () => expect(`${path}: ${await page.title()}`).toBe(`${path}: ${title}`));
    }
    const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect(icon).toStartWith("/");
    const res = await fetch(new URL(icon!, `${e2e.server.url}/no/such/page`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.waitForFunction(() => document.title === "Latest Recommendations · Signalboard", undefined, {
      timeout: 5000,
    });
    await context.close();
  });
});

describe("phone layout", () => {
  test("one-row header with a menu, one-row tab strip, the first card above the fold; Insights in the menu", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByRole("tab", { name: "Watchlist" }).waitFor({ state: "attached" });
    const header = (await page.locator("header").first().boundingBox())!;
    expect(header.height).toBeLessThan(70);
    const tabs = await page
      .getByRole("tab")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(tabs).toHaveLength(6);
    expect(new Set(tabs.map(Math.round)).size).toBe(1);
    expect(await page.getByRole("heading", { name: "Dashboard", level: 1 }).count()).toBe(1);
    const card = page.getByTestId("recommendation-card").first();
    await card.waitFor();
    const box = (await card.boundingBox())!;
    expect(box.y).toBeLessThan(PHONE.height - 150);
    await page.screenshot({ path: "test-results/screenshots/dashboard-fold-phone.png" });
    // The last tab scrolls into view and opens.
    await page.getByRole("tab", { name: "Watchlist" }).click();
    await page.waitForURL(`${e2e.server.url}/dashboard/watchlist`);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Insights" }).click();
    await page.waitForURL(`${e2e.server.url}/insights`);
    await page.getByRole("heading", { name: "Stock Insights" }).waitFor();
    await context.close();
  });
});

describe("dark mode", () => {
  test("follows the system setting, and the header's toggle wins and is remembered across visits", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP, "dark");
    const scheme = () => page.locator("html").getAttribute("data-mantine-color-scheme");
    await page.goto(`${e2e.server.url}/`);
    await page.getByText("Get Started Free").waitFor();
    expect(await scheme()).toBe("dark");
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(body).not.toBe("rgb(255, 255, 255)");
    await page.getByRole("button", { name: "Use light theme" }).click();
    expect(await scheme()).toBe("light");
    await page.goto(`${e2e.server.url}/signin`);
    await page.getByText("Reset password").waitFor();
    expect(await scheme()).toBe("light");
    await page.reload();
    await page.getByText("Reset password").waitFor();
    expect(await scheme()).toBe("light");
    await context.close();
  });
});

describe("landing page", () => {
  test("'See the track record' opens the public record, not sign-in and 'Unauthorized'; the footer's links work", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("link", { name: "See the track record" }).click();
    await page.waitForURL(`${e2e.server.url}/track-record`);
    await page.getByTestId("provenance-lead").waitFor();
    expect(await page.getByText("Unauthorized").count()).toBe(0);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    await page.goto(`${e2e.server.url}/register`);
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await page.getByRole("heading", { name: "Terms of Service" }).waitFor();
    await context.close();
  });
});
