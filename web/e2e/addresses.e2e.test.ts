import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  INVESTOR,
  SCHEMES,
  SCREENSHOT_DIR,
  screenshot,
  seriousA11yViolations,
  serverAndBrowserForFile,
  settled,
  signedInPage,
  VIEWPORTS,
} from "./harness.ts";

const e2e = serverAndBrowserForFile();

const asInvestor = (viewport = DESKTOP, scheme: (typeof SCHEMES)[number] = "light") =>
  signedInPage(e2e, INVESTOR, viewport, scheme);

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const dialog = (page: Page) => page.getByRole("dialog", { name: "View Full Analysis" });
/** The accessible name of the focused element (its aria-label, else its text). */
const focused = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent,
  );

describe("a recommendation's address (issue 42, point 3)", () => {
  test("open a card: its address; reload keeps the dialog; Back closes it on the dashboard; Esc gives focus back", async () => {
    const { page, context } = await asInvestor();
    const card = page.getByTestId("recommendation-card").first();
    const opener = card.getByRole("button", { name: /^View Full Analysis of / });
    const name = (await opener.getAttribute("aria-label"))!;
    const symbol = name.replace("View Full Analysis of ", "");
    const summary = (await card.getByTestId("recommendation-reason").textContent())!;
    await opener.click();
    await dialog(page).waitFor();
    expect(path(page)).toMatch(/^\/dashboard\/r\/\d+$/);
    const address = path(page);
    // The dialog reads the whole reason; the card carried a two-line summary of it.
    await dialog(page).getByText(`${symbol} analysis`).waitFor();
    await dialog(page)
      .getByText(/^Model /)
      .first()
      .waitFor();
    expect(summary.length).toBeLessThanOrEqual(96);
    expect((await dialog(page).getByTestId("recommendation-reasons").textContent())!.length).toBeGreaterThan(
      summary.length,
    );
    expect(await page.title()).toBe("Recommendation · Signalboard");

    await page.reload();
    await dialog(page).getByText(`${symbol} analysis`).waitFor();
    expect(path(page)).toBe(address);
    // The list is there under it.
    expect(await page.getByRole("tab", { name: "Latest Recommendations", selected: true }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goBack();
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await dialog(page).waitFor({ state: "detached" });
    await page.getByTestId("recommendation-card").first().waitFor();
    expect(await page.getByRole("tab", { name: "Latest Recommendations", selected: true }).count()).toBe(1);

    // By keyboard: open, Esc, and focus is back on the card's button, not on <body>.
    await page.getByRole("button", { name }).focus();
    await page.keyboard.press("Enter");
    await dialog(page).getByText(`${symbol} analysis`).waitFor();
    expect(path(page)).toBe(address);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(path(page)).toBe("/dashboard");
    await page.waitForFunction((n) => document.activeElement?.getAttribute("aria-label") === n, name);
    expect(await focused(page)).toBe(name);
    // Closing stepped back to the list's entry: Forward opens the dialog again.
    await page.goForward();
    await dialog(page).getByText(`${symbol} analysis`).waitFor();
    await context.close();
  });

  test("a shared link opens the dialog over the list; closing it leaves the list's address", async () => {
    const { page, context } = await asInvestor();
    await page.getByTestId("recommendation-card").first().waitFor();
    const opener = page.getByRole("button", { name: /^View Full Analysis of / }).first();
    await opener.click();
    await dialog(page).waitFor();
    const address = path(page);
    const other = await asInvestor();
    await other.page.goto(`${e2e.server.url}${address}`);
    await dialog(other.page)
      .getByText(/ analysis$/)
      .waitFor();
    await other.page.getByRole("button", { name: "Close" }).click();
    await dialog(other.page).waitFor({ state: "detached" });
    expect(path(other.page)).toBe("/dashboard");
    await page.goto(`${e2e.server.url}/dashboard/r/99999999`);
    await dialog(page).getByText("No recommendation with id 99999999.", { exact: false }).waitFor();
    await other.context.close();
    await context.close();
  });

  test("the historical search keeps its filters under the dialog and after it", async () => {
    const { page, context } = await asInvestor();
    await page.goto(`${e2e.server.url}/dashboard/historical?from=2023-10-20&to=2023-10-27`);
    const opener = page.getByRole("button", { name: /^View Full Analysis of / }).first();
    await opener.click();
    await dialog(page).waitFor();
    expect(path(page)).toMatch(/^\/dashboard\/historical\/r\/\d+\?from=2023-10-20&to=2023-10-27$/);
    expect(await page.getByRole("tab", { name: "Historical Recommendations", selected: true }).count()).toBe(
      1,
    );
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(path(page)).toBe("/dashboard/historical?from=2023-10-20&to=2023-10-27");
    await context.close();
  });

  test("screenshots of the dialog's address: phone and wide, light and dark", async () => {
    const { page: first, context: firstContext } = await asInvestor();
    await first
      .getByRole("button", { name: /^View Full Analysis of / })
      .first()
      .click();
    await dialog(first).waitFor();
    const address = path(first);
    await firstContext.close();
    for (const [viewport, label] of VIEWPORTS) {
      for (const scheme of SCHEMES) {
        const { page, context } = await asInvestor(viewport, scheme);
        await page.goto(`${e2e.server.url}${address}`);
        await dialog(page)
          .getByText(/ analysis$/)
          .waitFor();
        await settled(page);
        // What a person sees: the dialog over the list in the window (a full-page shot runs the list on below it).
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `recommendation-address-${label}-${scheme}.png`),
        });
        await context.close();
      }
    }
  });
});

describe("an analysis's address (issue 42, point 3)", () => {
  test("Analyze goes to the analysis's own address; analysing the symbol again updates its one card", async () => {
    const { page, context } = await asInvestor();
    const analyze = async () => {
      await page.getByRole("tab", { name: "Analyze Stock" }).click();
      await page.getByRole("combobox", { name: "Stock symbol" }).fill("msft");
      await page.getByRole("button", { name: "Analyze", exact: true }).click();
      await page.waitForURL(/\/dashboard\/history\/\d+$/);
      await page.locator('[data-testid="insight-card"][aria-current="true"]').waitFor();
      return path(page);
    };
    const first = await analyze();
    expect(await page.getByText("MSFT: saved to your Analysis History.").first().isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Analysis History", selected: true }).count()).toBe(1);
    const marked = page.locator('[data-testid="insight-card"][aria-current="true"]');
    expect(await marked.count()).toBe(1);
    expect(await marked.textContent()).toContain("MSFT");
    const again = await analyze();
    expect(again).toBe(first);
    await page.waitForTimeout(300);
    expect(await page.getByTestId("insight-card").filter({ hasText: "MSFT" }).count()).toBe(1);
    // The address is the analysis's: a reload shows it marked.
    await page.reload();
    await marked.waitFor();
    expect(await marked.textContent()).toContain("MSFT");
    await screenshot(page, "analysis-address-wide-light");
    await context.close();
  });
});
