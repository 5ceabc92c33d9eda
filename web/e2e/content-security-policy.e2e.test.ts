// The production build under its Content-Security-Policy (decision note 020): the signed-in app renders with no
// violation reported, and the API reference runs Scalar's bundle from our own origin.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

const e2e = serverAndBrowserForFile();

/** Collects what Chromium reports as CSP violations (console errors) and every request to another origin. */
function watch(page: Page, origin: string) {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(r.url());
  });
  return { violations, foreign };
}

test("the signed-in app renders its pages with no CSP violation and nothing from another origin", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  const seen = watch(page, e2e.server.url);
  const response = await page.goto(e2e.server.url);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  await page.getByRole("tab", { name: "Watchlist" }).click();
  await page.getByRole("link", { name: "Track Record" }).click();
  await page.getByRole("heading", { name: "Track Record" }).first().waitFor();
  expect(seen.violations).toEqual([]);
  expect(seen.foreign).toEqual([]);
  await context.close();
});

test("the API reference renders from the same-origin Scalar bundle under its CSP", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  const seen = watch(page, e2e.server.url);
  await page.goto(`${e2e.server.url}/api/reference`);
  await page.getByText("Signalboard API", { exact: true }).first().waitFor();
  await page.getByText("Sign in with email and password").first().waitFor();
  expect(seen.violations).toEqual([]);
  expect(seen.foreign).toEqual([]);
  await context.close();
});
