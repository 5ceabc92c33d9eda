import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import {
  SCHEMES,
  SCREENSHOT_DIR,
  serverAndBrowserForFile,
  settled,
  signInThroughForm,
  VIEWPORTS,
} from "./harness.ts";

// Issue 42 point 1 (docs/decisions/126-one-vocabulary.md): the recommendation card, the analysis card and the
// earnings card speak one vocabulary, on a phone and a wide screen, light and dark; a screenshot of each card.
const e2e = serverAndBrowserForFile();

/** Percentages with more than one decimal ("-2.70%"), and dates in the browser's numeric form ("11/28/2026"). */
const TWO_DECIMAL_PERCENT = /\d\.\d{2,}%/;
const NUMERIC_DATE = /\b\d{1,2}\/\d{1,2}\/\d{4}\b/;

async function cardShot(card: Locator, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

async function expectOneVocabulary(page: Page, card: Locator) {
  const text = (await card.textContent()) ?? "";
  expect(text).not.toMatch(TWO_DECIMAL_PERCENT);
  expect(text).not.toMatch(NUMERIC_DATE);
  // Moderate is only the spec's earnings label ("50% · Moderate"), never a risk.
  expect(text).not.toMatch(/(?<!· )\bModerate\b/);
  const risk = card.locator("[data-risk]");
  if (await risk.count()) expect(await risk.first().getAttribute("title")).toMatch(/Aggressive from 40\.0%$/);
  expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBeTruthy();
}

describe("one vocabulary on the three cards, phone and wide, light and dark", () => {
  for (const scheme of SCHEMES) {
    for (const [viewport, label] of VIEWPORTS) {
      test(`recommendation, analysis and earnings cards: ${label}, ${scheme}`, async () => {
        const { page, context } = await e2e.browser.newPage(viewport, scheme);
        await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
        await page.waitForURL(`${e2e.server.url}/dashboard`);

        const recommendation = page.getByTestId("recommendation-card").first();
        await recommendation.waitFor();
        await settled(page);
        await expectOneVocabulary(page, recommendation);
        // A model call's chance is neutral while the model card proves no edge.
        expect(await recommendation.locator("[data-tone]").first().getAttribute("data-tone")).toBe("neutral");
        await cardShot(recommendation, `vocabulary-recommendation-${label}-${scheme}`);

        await page.goto(`${e2e.server.url}/dashboard/analyze`);
        await page.getByRole("combobox", { name: "Stock symbol" }).fill("AMZN");
        await page.getByRole("button", { name: "Analyze" }).click();
        const analysis = page.getByTestId("insight-card").filter({ hasText: "AMZN" }).first();
        await analysis.waitFor();
        await settled(page);
        await expectOneVocabulary(page, analysis);
        expect(await analysis.textContent()).toMatch(
          /Analyzed [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/,
        );
        // A HOLD states the chance to beat, as every HOLD does; the other calls keep their own event.
        const call = await analysis.locator("[data-call]").getAttribute("data-call");
        if (call === "HOLD") expect(await analysis.textContent()).toMatch(/\d+% chance to beat the median/);
        await cardShot(analysis, `vocabulary-analysis-${label}-${scheme}`);

        await page.goto(`${e2e.server.url}/dashboard/earnings`);
        const earnings = page.getByTestId("earnings-card").first();
        await earnings.waitFor();
        await settled(page);
        await expectOneVocabulary(page, earnings);
        // Without measured skill every growth badge is the same neutral badge, 49% and 50% alike.
        const tones = await page
          .getByTestId("earnings-card")
          .locator("[data-tone]")
          .evaluateAll((badges) => badges.map((b) => b.getAttribute("data-tone")));
        expect(new Set(tones)).toEqual(new Set(["neutral"]));
        await cardShot(earnings, `vocabulary-earnings-${label}-${scheme}`);
        await context.close();
      });
    }
  }
});
