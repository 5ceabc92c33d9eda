import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import {
  DESKTOP,
  SCHEMES,
  SCREENSHOT_DIR,
  seriousA11yViolations,
  serverAndBrowserForFile,
  settled,
  signInThroughForm,
  VIEWPORTS,
} from "./harness.ts";

// Issue 42, point 7 (decision 144): a visitor reads the track record and the model card without an account, from
// the landing page's link, on a phone and a wide screen, light and dark; a signed-in person still reaches the same
// page from the app's header. Screenshots under test-results/screens/ for a person to look at.
const e2e = serverAndBrowserForFile();

const SCREENS_DIR = join(SCREENSHOT_DIR, "..", "screens");
/** The record's first sentence: what kind of calls it holds (decision 109). The demo's calls are all simulated. */
const SIMULATED_LEAD = /^Every call below is simulated: made by the seed for past dates/;

describe("the public track record", () => {
  for (const scheme of SCHEMES) {
    for (const [viewport, label] of VIEWPORTS) {
      test(`a visitor goes from the landing page to the record and the model card: ${label}, ${scheme}`, async () => {
        const { page, context } = await e2e.browser.newPage(viewport, scheme);
        await page.goto(`${e2e.server.url}/`);
        // The spec's landing strings and both buttons stay; the link is an addition.
        await page.getByRole("link", { name: "Get Started Free" }).waitFor();
        expect(await page.getByRole("link", { name: "Sign In" }).count()).toBeGreaterThan(0);
        await page.getByRole("link", { name: "See the track record" }).click();
        await page.waitForURL(`${e2e.server.url}/track-record`);
        await page.getByRole("heading", { name: "Track Record", level: 1 }).waitFor();
        const lead = page.getByTestId("provenance-lead");
        expect(await lead.textContent()).toMatch(SIMULATED_LEAD);
        expect(await page.title()).toBe("Track Record · Signalboard");
        // The model card and its verdict, and the pre-registered test, as the signed-in page shows them.
        await page.getByRole("heading", { name: /^How the model did before these calls/ }).waitFor();
        expect(await page.getByText(/^(No proven edge|Not proven): /).count()).toBe(1);
        await page.getByTestId("preregistration-summary").waitFor();
        expect(await page.getByTestId("preregistration-summary").textContent()).toMatch(/weeks collected$/);
        // A visitor's frame: Sign In, nobody's name, no Logout, no alerts bell.
        await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
        expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(0);
        expect(await page.getByRole("button", { name: /^Alerts/ }).count()).toBe(0);
        expect(await page.getByText("Unauthorized").count()).toBe(0);
        expect(page.url()).toBe(`${e2e.server.url}/track-record`);
        await settled(page);
        await page.screenshot({
          path: join(SCREENS_DIR, `public-track-record-${label}-${scheme}.png`),
          fullPage: true,
        });
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  test("a signed-in person reaches the same page from the app's header, in the app's frame", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByRole("banner").getByRole("link", { name: "Track Record" }).click();
    await page.waitForURL(`${e2e.server.url}/track-record`);
    expect(await page.getByTestId("provenance-lead").textContent()).toMatch(SIMULATED_LEAD);
    await page.getByRole("button", { name: "Logout" }).waitFor();
    expect(await page.title()).toBe("Track Record · Signalboard");
    await context.close();
  });
});
