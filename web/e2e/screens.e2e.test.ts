import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { z } from "zod";
import {
  ADMIN,
  INVESTOR,
  PHONE,
  SCHEMES,
  screenshot,
  seriousA11yViolations,
  serverAndBrowserForFile,
  settled,
  signedInPage,
  VIEWPORTS,
} from "./harness.ts";

// Every screen and dialog, on a phone (390x844) and a wide screen (1440x900), in the system's light and dark
// settings: a screenshot of each under test-results/screenshots/ for a person to look at, and axe-core finding no
// serious or critical violation on any of them. Each journey stays short: a test that runs past its time limit
// takes the file's browser down with it (bun kills the processes it started), failing every test after it.
const e2e = serverAndBrowserForFile();
// About 7-10 screens, each settled, photographed and checked by axe: 20-30 s on a quiet machine, and over 60 s at a
// load average of 20 on 2 cores, where the suite's 60 s default failed them.
const JOURNEY_TIMEOUT_MS = 180_000;

/** Screenshot and axe for what is on screen now; answers the violations keyed by screen name. */
async function check(page: Page, name: string, found: Record<string, string[]>) {
  await settled(page);
  await screenshot(page, name);
  const violations = await seriousA11yViolations(page);
  if (violations.length) found[name] = violations;
}

const PUBLIC_SCREENS: Array<[path: string, name: string, ready: string]> = [
  ["/", "landing", "Get Started Free"],
  ["/signin", "signin", "Reset password"],
  ["/track-record", "track-record-signed-out", "Read how calls are scored"],
  ["/register", "register", "Create Account"],
  ["/forgot-password", "forgot-password", "Back to Sign In"],
  ["/terms", "terms", "Not financial advice"],
  ["/privacy", "privacy", "What is stored, and why"],
  ["/api-docs", "api-docs-signed-out", "Endpoints"],
  ["/api-key", "api-key-signed-out", "Sign in to see your key"],
  ["/no/such/page", "not-found", "Page Not Found"],
];

const DASHBOARD_TABS = ["latest", "historical", "analyze", "history", "earnings", "watchlist"] as const;

describe("every screen, phone and wide, light and dark", () => {
  for (const scheme of SCHEMES) {
    for (const [viewport, label] of VIEWPORTS) {
      test(
        `public screens: ${label}, ${scheme}`,
        async () => {
          const { page, context } = await e2e.browser.newPage(viewport, scheme);
          const found: Record<string, string[]> = {};
          for (const [path, name, ready] of PUBLIC_SCREENS) {
            await page.goto(`${e2e.server.url}${path}`);
            await page.getByText(ready).first().waitFor();
            expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe(scheme);
            await check(page, `${name}-${label}-${scheme}`, found);
          }
          expect(found).toEqual({});
          await context.close();
        },
        JOURNEY_TIMEOUT_MS,
      );

      test(
        `dashboard tabs: ${label}, ${scheme}`,
        async () => {
          const { page, context } = await signedInPage(e2e, INVESTOR, viewport, scheme);
          const found: Record<string, string[]> = {};
          for (const tab of DASHBOARD_TABS) {
            await page.goto(`${e2e.server.url}/dashboard${tab === "latest" ? "" : `/${tab}`}`);
            await page.getByRole("tab", { selected: true }).waitFor();
            await check(page, `dashboard-${tab}-${label}-${scheme}`, found);
          }
          // The history as a sortable table (decision 083).
          await page.goto(`${e2e.server.url}/dashboard/historical?view=table`);
          await page.getByTestId("history-table").waitFor();
          await check(page, `dashboard-historical-table-${label}-${scheme}`, found);
          expect(found).toEqual({});
          await context.close();
        },
        JOURNEY_TIMEOUT_MS,
      );

      test(
        `signed-in dialogs and pages: ${label}, ${scheme}`,
        async () => {
          const { page, context } = await signedInPage(e2e, INVESTOR, viewport, scheme);
          const found: Record<string, string[]> = {};
          // The recommendation detail dialog.
          await page.goto(`${e2e.server.url}/dashboard`);
          await page
            .getByRole("button", { name: /View Full Analysis/ })
            .first()
            .click();
          await page.getByRole("dialog").waitFor();
          await check(page, `recommendation-dialog-${label}-${scheme}`, found);
          await page.keyboard.press("Escape");
          // The watchlist's Add Stock dialog.
          await page.goto(`${e2e.server.url}/dashboard/watchlist`);
          await page
            .getByRole("button", { name: /Add (Your First )?Stock/ })
            .first()
            .click();
          await page.getByRole("dialog", { name: "Add Stock" }).waitFor();
          await check(page, `watchlist-add-dialog-${label}-${scheme}`, found);
          await page.keyboard.press("Escape");
          if (viewport === PHONE) {
            await page.getByRole("button", { name: "Open menu" }).click();
            await page.getByRole("dialog").getByRole("link", { name: "Insights" }).waitFor();
            await check(page, `menu-${label}-${scheme}`, found);
            await page.keyboard.press("Escape");
          }
          for (const [path, name, heading] of [
            ["/insights", "insights", "Stock Insights"],
            ["/track-record", "track-record", "Track Record"],
            ["/api-key", "api-key", "API Key Management"],
            ["/account", "account", "Account"],
            ["/api-docs", "api-docs", "API Documentation"],
          ] as const) {
            await page.goto(`${e2e.server.url}${path}`);
            await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
            await check(page, `${name}-${label}-${scheme}`, found);
          }
          expect(found).toEqual({});
          await context.close();
        },
        JOURNEY_TIMEOUT_MS,
      );

      test(
        `admin panel and its sessions dialog: ${label}, ${scheme}`,
        async () => {
          const { page, context } = await signedInPage(e2e, ADMIN, viewport, scheme);
          const found: Record<string, string[]> = {};
          await page.goto(`${e2e.server.url}/admin`);
          await page.getByRole("heading", { name: "User Management" }).waitFor();
          await check(page, `admin-${label}-${scheme}`, found);
          await page
            .getByRole("button", { name: /Sessions/ })
            .first()
            .click();
          await page.getByRole("dialog", { name: "User Sessions" }).waitFor();
          await check(page, `admin-sessions-dialog-${label}-${scheme}`, found);
          await page.keyboard.press("Escape");
          // The local mail outbox (decision 084), with a message in it.
          await fetch(`${e2e.server.url}/api/auth/password-reset/request`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: e2e.server.url },
            body: JSON.stringify({ email: "investor@example.com", fullName: "Ivy Investor" }),
          });
          // The code is kept just after the answer: wait until the outbox holds a message.
          for (let i = 0; i < 50; i++) {
            const outbox = z
              .looseObject({ messages: z.array(z.unknown()) })
              .parse(await (await page.request.get(`${e2e.server.url}/api/admin/outbox`)).json());
            if (outbox.messages.length) break;
            await page.waitForTimeout(100);
          }
          await page.goto(`${e2e.server.url}/admin/outbox`);
          await page.getByTestId("outbox-message").first().waitFor();
          await check(page, `admin-outbox-${label}-${scheme}`, found);
          expect(found).toEqual({});
          await context.close();
        },
        JOURNEY_TIMEOUT_MS,
      );
    }
  }
});
