// The production build under its Content-Security-Policy with Trusted Types (decision notes 020 and 087): every
// main screen, signed in, renders with no violation reported and nothing from another origin; an injected inline
// script and an HTML string written to a DOM sink are refused; the API reference runs Scalar from our own origin.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

const e2e = serverAndBrowserForFile();

/**
 * Collects what Chromium reports as CSP violations (the `securitypolicyviolation` events, its console errors and
 * uncaught errors that Trusted Types throws) and every request to another origin.
 */
async function watch(page: Page, origin: string) {
  const violations: string[] = [];
  const foreign: string[] = [];
  await page.exposeFunction("__reportViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportViolation(line: string): void }).__reportViolation;
      report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Trusted ?Type/i.test(m.text()))
      violations.push(m.text());
  });
  page.on("pageerror", (error) => {
    if (/Trusted ?Type|Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(r.url());
  });
  return { violations, foreign };
}

/** Opens a screen by its address and waits until its text is there and its effects have run. */
async function visit(page: Page, path: string, ready: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await page.getByText(ready).first().waitFor();
  await page.waitForTimeout(400);
}

test("every main screen, signed in, renders with no CSP or Trusted Types violation", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  const seen = await watch(page, e2e.server.url);
  const response = await page.goto(e2e.server.url);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("require-trusted-types-for 'script'");
  await page.getByText("Get Started Free").first().waitFor();
  await visit(page, "/register", "Create Account");
  await signInThroughForm(page, e2e.server.url, "admin@example.com", "admin-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  // The recommendation dialog draws the price chart (lightweight-charts).
  await page
    .getByRole("button", { name: /^View Full Analysis of / })
    .first()
    .click();
  await page.getByRole("dialog", { name: "View Full Analysis" }).getByRole("img").first().waitFor();
  await page.keyboard.press("Escape");
  for (const [tab, ready] of [
    ["historical", "Historical Recommendations"],
    ["earnings", "Earnings Calls"],
    ["watchlist", "Watchlist"],
    ["history", "Analysis History"],
  ] as const) {
    await visit(page, `/dashboard/${tab}`, ready);
  }
  // An analysis, start to finish, then its card.
  await page.getByRole("tab", { name: "Analyze Stock" }).click();
  await page.getByRole("combobox", { name: "Stock symbol" }).fill("msft");
  await page.getByRole("button", { name: "Analyze" }).click();
  await page.getByTestId("insight-card").filter({ hasText: "MSFT" }).waitFor();
  await visit(page, "/insights", "Stock Insights");
  // The calibration chart.
  await visit(page, "/track-record", "Track Record");
  await page.getByRole("img", { name: /^Stated probability against/ }).waitFor();
  await visit(page, "/api-key", "API Key Management");
  await visit(page, "/api-docs", "API Documentation");
  await visit(page, "/admin", "User Management");
  await visit(page, "/admin/outbox", "Mail Outbox");
  await visit(page, "/privacy", "What is stored, and why");
  expect(seen.violations).toEqual([]);
  expect(seen.foreign).toEqual([]);
  await context.close();
});

test("an injected inline script does not run, and an HTML string written to a DOM sink throws", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  await page.goto(e2e.server.url);
  await page.getByText("Get Started Free").first().waitFor();
  const outcome = await page.evaluate(async () => {
    const flags = window as unknown as { inlineRan?: boolean; onerrorRan?: boolean };
    const script = document.createElement("script");
    let scriptRefused = "";
    try {
      script.textContent = "window.inlineRan = true";
      document.body.append(script);
    } catch (error) {
      scriptRefused = String(error);
    }
    let sinkRefused = "";
    const div = document.createElement("div");
    try {
      div.innerHTML = '<img src="x" onerror="window.onerrorRan = true">';
      document.body.append(div);
    } catch (error) {
      sinkRefused = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { scriptRefused, sinkRefused, inlineRan: !!flags.inlineRan, onerrorRan: !!flags.onerrorRan };
  });
  expect(outcome.inlineRan).toBe(false);
  expect(outcome.onerrorRan).toBe(false);
  expect(outcome.scriptRefused).toContain("TrustedScript");
  expect(outcome.sinkRefused).toContain("TrustedHTML");
  await context.close();
});

test("the API reference renders from the same-origin Scalar bundle under its CSP", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  const seen = await watch(page, e2e.server.url);
  const response = await page.goto(`${e2e.server.url}/api/reference`);
  expect(response?.headers()["content-security-policy"]).toContain("require-trusted-types-for 'script'");
  await page.getByText("Signalboard API", { exact: true }).first().waitFor();
  await page.getByText("Sign in with email and password").first().waitFor();
  // Scalar keeps a connection open, so the network never idles: give its lazy parts a moment to run.
  await page.waitForTimeout(1500);
  expect(seen.violations).toEqual([]);
  expect(seen.foreign).toEqual([]);
  await context.close();
});
