import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import {
  SCHEMES,
  screenshot,
  seriousA11yViolations,
  serverAndBrowserForFile,
  settled,
  signedInPage,
  VIEWPORTS,
} from "./harness.ts";

// Issue 42, point 5: an alert that fires is listed under the header's bell with when, price and threshold, and can
// be dismissed; every recommendation card adds its stock to the watchlist, whose card shows the model's view.
const e2e = serverAndBrowserForFile();
const root = join(import.meta.dir, "../..");

/** The alert check as the scheduler runs it, in its own process on the server's database and stored prices. */
async function runAlertCheck(): Promise<string> {
  const proc = Bun.spawn(["bun", join(root, "scripts/check-alerts.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: e2e.server.databaseUrl,
      APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      LOG_LEVEL: "warn",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return out;
}

/** A new investor, registered through the API and signed in through the form on a new page. */
async function newInvestor(tag: string, viewport: (typeof VIEWPORTS)[number][0]) {
  const email = `alerts-${tag}-${Date.now()}@example.com`;
  const res = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "alerts-e2e-password", firstName: "Ada" }),
  });
  expect(res.status).toBe(201);
  return signedInPage(e2e, { email, password: "alerts-e2e-password" }, viewport);
}

async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe("alerts you can act on", () => {
  for (const [viewport, size] of VIEWPORTS) {
    test(`add from a recommendation card, an alert fires, the bell lists it, dismiss removes it (${size})`, async () => {
      const { page, context } = await newInvestor(size, viewport);
      const bell = page.getByTestId("alert-bell");
      expect(await bell.getAttribute("aria-label")).toBe("Alerts, none unseen");

      // Add to watchlist from the first recommendation card.
      const card = page.getByTestId("recommendation-card").first();
      await card.waitFor();
      await settled(page);
      await screenshot(page, `alerts-latest-${size}-light`);
      const add = card.getByRole("button", { name: /^Add .+ to watchlist$/ });
      const symbol = /^Add (.+) to watchlist$/.exec((await add.getAttribute("aria-label"))!)![1]!;
      await add.click();
      await page.getByText("Stock Added").first().waitFor();

      // Bought at half today's price, alert at 5%: past it.
      await page.goto(`${e2e.server.url}/dashboard/watchlist`);
      const item = page.getByTestId("watchlist-card").filter({ hasText: symbol });
      await item.getByTestId("watchlist-decile").waitFor();
      expect(await item.getByTestId("watchlist-decile").textContent()).toMatch(/^Decile (10|[1-9]) of 10$/);
      expect(await item.getByTestId("watchlist-model").textContent()).toMatch(
        /\d+% chance to (beat|trail) the median S&P 500 stock/,
      );
      const price = Number(
        (await item
          .getByText(/^\$[\d,]+\.\d\d$/)
          .first()
          .textContent())!.replace(/[$,]/g, ""),
      );
      await page.getByRole("button", { name: `Edit ${symbol}` }).click();
      const edit = page.getByRole("dialog", { name: `Edit ${symbol}` });
      await edit.getByRole("textbox", { name: "Purchase price (optional)" }).fill((price / 2).toFixed(2));
      await edit.getByRole("textbox", { name: "Alert threshold (%)" }).fill("5");
      await edit.getByRole("button", { name: /Save/ }).click();
      await item.getByText("Alert", { exact: true }).waitFor();
      await page.getByText("1 alerting").waitFor();

      expect(await runAlertCheck()).toContain("1 new alert(s)");
      await page.reload();
      await page.getByRole("button", { name: "Alerts, 1 unseen" }).waitFor();
      await settled(page);
      // The count shows on the bell, beside it, without moving it out of the bar's row.
      const bellBox = (await page.getByTestId("alert-bell").boundingBox())!;
      const toggleBox = (await page.getByRole("button", { name: /^Use (dark|light) theme$/ }).boundingBox())!;
      expect(Math.abs(bellBox.y + bellBox.height / 2 - (toggleBox.y + toggleBox.height / 2))).toBeLessThan(3);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(300);
        await screenshot(page, `alerts-watchlist-${size}-${scheme}`);
        await expectNoSeriousA11yViolations(page);
      }
      await page.emulateMedia({ colorScheme: "light" });

      await page.getByRole("button", { name: "Alerts, 1 unseen" }).click();
      const list = page.getByRole("list", { name: "Fired alerts" });
      const row = list.getByRole("listitem");
      await row.waitFor();
      expect(await row.count()).toBe(1);
      const text = (await row.textContent())!;
      expect(text).toMatch(new RegExp(`^${symbol} up \\d+\\.\\d\\d%New`));
      expect(text).toContain(`At $${price.toFixed(2)}, past your ±5% threshold`);
      expect(await row.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
      // Opening the list marks it seen.
      await page.getByRole("button", { name: "Alerts, none unseen" }).waitFor();
      await page.waitForTimeout(400);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(300);
        await screenshot(page, `alerts-bell-list-${size}-${scheme}`);
        await expectNoSeriousA11yViolations(page);
      }
      await page.emulateMedia({ colorScheme: "light" });

      await row.getByRole("button", { name: `Dismiss ${symbol} alert` }).click();
      await page.getByTestId("no-alerts").waitFor();
      await page.keyboard.press("Escape");
      // Dismissed for good: still gone after a reload, and nothing unseen.
      await page.reload();
      await page.getByRole("button", { name: "Alerts, none unseen" }).click();
      await page.getByTestId("no-alerts").waitFor();
      await context.close();
    });
  }
});
