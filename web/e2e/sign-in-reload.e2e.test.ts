import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

// Issue 38, point 3: the session is stored before the address changes after a sign-in, so a reload (or a link
// opened) the moment the destination shows stays signed in, on the stored token or on the cookie alone.
const e2e = serverAndBrowserForFile();

/** After a reload: the signed-in page, with its user's name, and no 'Unauthorized' toast or trip to /signin. */
async function stillSignedIn(page: Page, path: string, name: string) {
  await page.getByTestId("user-name").waitFor();
  expect(await page.getByTestId("user-name").textContent()).toBe(name);
  expect(await page.getByText("Unauthorized").count()).toBe(0);
  expect(new URL(page.url()).pathname).toBe(path);
}

describe("a reload the moment sign-in lands", () => {
  test("form sign-in: reload as soon as the address is /dashboard, five times over", async () => {
    for (let i = 0; i < 5; i++) {
      const { page, context } = await e2e.browser.newPage(DESKTOP);
      await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
      await page.waitForURL(`${e2e.server.url}/dashboard`, { waitUntil: "commit" });
      expect(await page.evaluate(() => localStorage.getItem("signalboard.authToken"))).toBeTruthy();
      await page.reload();
      await stillSignedIn(page, "/dashboard", "Ivy");
      await context.close();
    }
  });

  test("form sign-in, then another address opened at once: signed in there too", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`, { waitUntil: "commit" });
    await page.goto(`${e2e.server.url}/dashboard/historical`);
    await stillSignedIn(page, "/dashboard/historical", "Ivy");
    await context.close();
  });

  test("the session cookie alone (no stored token) keeps a reloaded page signed in", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`, { waitUntil: "commit" });
    await page.evaluate(() => localStorage.removeItem("signalboard.authToken"));
    await page.reload();
    await stillSignedIn(page, "/dashboard", "Ivy");
    await context.close();
  });

  test("registration: reload as soon as the address is /", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await page.goto(`${e2e.server.url}/register`);
    await page.getByRole("textbox", { name: "First name" }).fill("Rhea");
    await page.getByRole("textbox", { name: "Email" }).fill(`rhea-${Date.now()}@example.com`);
    await page.locator('input[name="password"]').fill("rhea-password-1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${e2e.server.url}/`, { waitUntil: "commit" });
    await page.reload();
    await stillSignedIn(page, "/", "Rhea");
    await context.close();
  });
});
