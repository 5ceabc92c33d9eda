import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

const e2e = serverAndBrowserForFile();

const foundCount = async (page: Page) => {
  const text = await page.getByText(/^\d+ recommendations? found$/).textContent();
  return Number(/^(\d+)/.exec(text ?? "")![1]);
};
const recommendationsStat = async (page: Page) => {
  const label = page.getByText("Recommendations", { exact: true }).first();
  await label.waitFor();
  return Number(await label.locator("xpath=following-sibling::*[1]").textContent());
};
const until = async (read: () => Promise<number>, expected: number) => {
  const deadline = Date.now() + 10_000;
  let last = await read().catch(() => Number.NaN);
  while (last !== expected && Date.now() < deadline) {
    await Bun.sleep(100);
    last = await read().catch(() => Number.NaN);
  }
  return last;
};

test("after an admin posts or deletes recommendations, Historical and Track Record show it without a reload", async () => {
  const { page, context } = await e2e.browser.newPage();
  await signInThroughForm(page, e2e.server.url, "admin@example.com", "admin-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  // Survives client-side navigation, gone after a reload: proves the page was never reloaded.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await page.getByRole("tab", { name: "Historical Recommendations" }).click();
  const marketDate = await page.evaluate(async () => {
    const res = await fetch("/api/market/status", { credentials: "include" });
    return ((await res.json()) as { asOf: string }).asOf;
  });
  await page.locator('input[type="date"]').first().fill(marketDate);
  await page.locator('input[type="date"]').nth(1).fill(marketDate);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText(/recommendations? found$/).waitFor();
  const seeded = await foundCount(page);
  expect(seeded).toBeGreaterThan(0);

  await page.getByRole("link", { name: "Track Record" }).click();
  const before = await recommendationsStat(page);

  await page.getByRole("link", { name: "Admin" }).click();
  await page.getByRole("heading", { name: "Recommendations Management" }).waitFor();
  await page.getByRole("combobox", { name: "Symbol" }).fill("KO");
  await page.getByRole("textbox", { name: "Buy price" }).fill("58.00");
  await page.getByRole("textbox", { name: "Target price" }).fill("63.50");
  await page.getByRole("textbox", { name: "Confidence (0-100)" }).fill("71");
  await page.locator('input[name="estimatedDate"]').fill("2023-12-29");
  await page.getByRole("textbox", { name: "Reason" }).fill("Posted by the admin-changes browser test.");
  await page.getByRole("button", { name: "Post Recommendation" }).click();
  // KO closed near $54, so $58.00 is more than 2% away: the form asks first, and "Change price" posts nothing.
  const farPrice = page.getByRole("dialog", { name: "Post at this buy price?" });
  await farPrice.getByText(/% above the close of \$/).waitFor();
  await farPrice.getByRole("button", { name: "Change price" }).click();
  await farPrice.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Post Recommendation" }).click();
  await farPrice.getByRole("button", { name: "Post anyway" }).click();
  await page.getByText("Recommendation Posted").first().waitFor();

  await page.goBack();
  expect(await until(() => recommendationsStat(page), before + 1)).toBe(before + 1);
  await page.goBack();
  expect(await until(() => foundCount(page), seeded + 1)).toBe(seeded + 1);

  await page.getByRole("link", { name: "Track Record" }).click();
  await page.getByRole("link", { name: "Admin" }).click();
  await page.getByRole("heading", { name: "Recommendations Management" }).waitFor();
  await page.locator('input[type="date"]').last().fill(marketDate);
  await page.getByRole("button", { name: "Delete Recommendations" }).click();
  // The date's recommendations are counted and confirmed before they go.
  await page
    .getByRole("dialog", { name: "Delete recommendations?" })
    .getByRole("button", { name: /^Delete \d+$/ })
    .click();
  await page.getByText("Recommendations deleted successfully").first().waitFor();

  await page.goBack();
  expect(await until(() => recommendationsStat(page), before - seeded)).toBe(before - seeded);
  await page.goBack();
  await page.getByText("No Historical Recommendations Found").waitFor();

  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await context.close();
});
