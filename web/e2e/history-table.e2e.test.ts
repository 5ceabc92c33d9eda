import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  PHONE,
  screenshot,
  serverAndBrowserForFile,
  settled,
  signInThroughForm,
} from "./harness.ts";

// Issue 26, point 4: the recommendation history as a sortable table beside the cards, and a CSV of the whole search.
const e2e = serverAndBrowserForFile();

/** The demo market's last year: 520 weekly calls, more than one page of the cards (24) and of the API (500). */
const YEAR = "from=2022-10-28&to=2023-10-27";

async function signedIn(viewport = DESKTOP) {
  const { page, context } = await e2e.browser.newPage(viewport);
  await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  return { page, context };
}

/** Every id the API lists for the year, read page by page as any client would. */
async function apiIds(page: Page): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; ; n++) {
    const res = await page.request.get(
      `${e2e.server.url}/api/recommendations/historical?fromDate=2022-10-28&toDate=2023-10-27&page=${n}&pageSize=200`,
    );
    expect(res.status()).toBe(200);
    const items = (await res.json()) as Array<{ id: number }>;
    ids.push(...items.map((i) => i.id));
    if (ids.length >= Number(res.headers()["x-total-count"]) || !items.length) return ids;
  }
}

const column = (page: Page, n: number) =>
  page
    .locator('[data-testid="history-row"]')
    .evaluateAll((rows, i) => rows.map((row) => (row as HTMLTableRowElement).cells[i]?.textContent ?? ""), n);

const sortBy = async (page: Page, label: string) => {
  await page.getByRole("button", { name: label, exact: true }).click();
};
const ariaSort = (page: Page, label: string) =>
  page.getByRole("columnheader", { name: label, exact: true }).getAttribute("aria-sort");

describe("the history table and its CSV", () => {
  test("Table shows every call of the search, each column sorts both ways, the choice stays in the address", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}`);
    await page.getByText("520 recommendations found").waitFor();
    // The cards show the first page only.
    expect(await page.getByTestId("recommendation-card").count()).toBe(24);

    await page.getByRole("button", { name: "Table", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "table");
    await page.getByTestId("history-table").waitFor();
    expect(await page.getByTestId("history-row").count()).toBe(520);
    expect(await page.getByTestId("recommendation-card").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Table", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await ariaSort(page, "Date")).toBe("descending");

    // Symbol: A to Z, then Z to A.
    await sortBy(page, "Symbol");
    expect(await ariaSort(page, "Symbol")).toBe("ascending");
    const up = await column(page, 1);
    expect(up).toEqual([...up].sort());
    expect(up[0]! < up.at(-1)!).toBe(true);
    await sortBy(page, "Symbol");
    expect(await ariaSort(page, "Symbol")).toBe("descending");
    const down = await column(page, 1);
    expect(down).toEqual([...up].sort().reverse());

    // Date: newest first is where it started; pressing it again gives the oldest first.
    await sortBy(page, "Date");
    await sortBy(page, "Date");
    expect(await ariaSort(page, "Date")).toBe("ascending");
    const dates = (await column(page, 0)).map((d) => Date.parse(d));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates[0]).toBeLessThan(dates.at(-1)!);

    // Expected excess return, largest first.
    await sortBy(page, "Expected excess return");
    const excess = (await column(page, 4)).map((v) => Number.parseFloat(v));
    expect(excess.every((v, i) => i === 0 || v <= excess[i - 1]!)).toBe(true);
    expect(excess[0]).toBeGreaterThan(excess.at(-1)!);

    // Outcome: the best ending first, open calls last; the words say how each ended.
    await sortBy(page, "Outcome");
    const outcomes = await column(page, 5);
    const points = outcomes.map((o) => {
      const m = /^(Beat|Trailed) the median by ([\d.]+) points?$/.exec(o);
      return m ? (m[1] === "Beat" ? 1 : -1) * Number(m[2]) : o.startsWith("Matched") ? 0 : null;
    });
    const resolved = points.filter((p) => p !== null) as number[];
    expect(resolved.length).toBeGreaterThan(300);
    expect(resolved).toEqual([...resolved].sort((a, b) => b - a));
    expect(outcomes.slice(resolved.length).every((o) => o === "Open")).toBe(true);

    // A reload keeps the table (the address holds it); Cards takes it out of the address.
    await page.reload();
    await page.getByTestId("history-table").waitFor();
    expect(await page.getByTestId("history-row").count()).toBe(520);
    await page.getByRole("button", { name: "Cards", exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has("view"));
    await page.getByTestId("recommendation-card").first().waitFor();
    await context.close();
  });

  test("Download CSV holds every call of the search, across the API's pages, not only the cards shown", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}`);
    await page.getByText("520 recommendations found").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("recommendations_2022-10-28_to_2023-10-27.csv");
    const csv = readFileSync((await download.path())!, "utf8");
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    expect(header).toStartWith("id,recommendation_date,symbol,");
    const ids = lines.map((line) => Number(line.split(",")[0]));
    expect(ids.length).toBe(520);
    expect(new Set(ids).size).toBe(520);
    expect(new Set(ids)).toEqual(new Set(await apiIds(page)));
    const dates = lines.map((line) => line.split(",")[1]!);
    expect(dates.every((d) => d >= "2022-10-28" && d <= "2023-10-27")).toBe(true);
    // A resolved call's words are in the file as on the card.
    expect(
      /,(Beat|Trailed) the median stock by \d+\.\d points? over 60 trading days \([+-]?\d/.test(csv),
    ).toBe(true);

    // A narrower search: one symbol's calls only.
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&symbol=AAPL&view=table`);
    await page.getByTestId("history-table").waitFor();
    const shown = await page.getByTestId("history-row").count();
    const [one] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const aapl = readFileSync((await one.path())!, "utf8")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(aapl.length).toBe(shown);
    expect(aapl.every((line) => line.split(",")[2] === "AAPL")).toBe(true);
    await context.close();
  });

  test("on a phone the table scrolls inside its box, never the page; screenshots at 390 and 1440 px", async () => {
    for (const [viewport, name] of [
      [PHONE, "phone"],
      [DESKTOP, "wide"],
    ] as const) {
      const { page, context } = await signedIn(viewport);
      await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
      await page.getByTestId("history-table").waitFor();
      await settled(page);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      await screenshot(page, `history-table-${name}`);
      await context.close();
    }
  });
});
