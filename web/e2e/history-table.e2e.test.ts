import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page, Route } from "playwright-core";
import { z } from "zod";
import {
  DESKTOP,
  PHONE,
  SCHEMES,
  screenshot,
  seriousA11yViolations,
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

/** What these tests read of a listed call, checked as it is read. */
const ApiRows = z.array(
  z.looseObject({
    id: z.number(),
    recommendationDate: z.string(),
    symbol: z.string(),
    expectedExcessReturn: z.number().nullable(),
  }),
);
type ApiRow = z.infer<typeof ApiRows>[number];

/** Every call the API lists for the year, read page by page as any client would. */
async function apiRows(page: Page): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (let n = 1; ; n++) {
    const res = await page.request.get(
      `${e2e.server.url}/api/recommendations/historical?fromDate=2022-10-28&toDate=2023-10-27&page=${n}&pageSize=200`,
    );
    expect(res.status()).toBe(200);
    const items = ApiRows.parse(await res.json());
    rows.push(...items);
    if (rows.length >= Number(res.headers()["x-total-count"]) || !items.length) return rows;
  }
}

/** The cells of column `n` of the rows drawn now, top to bottom. */
const column = (page: Page, n: number) =>
  page
    .locator('[data-testid="history-row"]')
    .evaluateAll((rows, i) => rows.map((row) => (row as HTMLTableRowElement).cells[i]?.textContent ?? ""), n);

const rowIndexes = (page: Page) =>
  page
    .locator('[data-testid="history-row"]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("aria-rowindex"))));

/** A table date ("Nov 4, 2022") as the API's ISO date. */
const isoOf = (shown: string) => {
  const d = new Date(Date.parse(shown));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const oldest = (rows: ApiRow[]) => rows.map((r) => r.recommendationDate).sort()[0];

/** Scrolls the table's own box to its end, as a reader would, and waits for the last row to be drawn. */
async function scrollToEnd(page: Page) {
  const box = page.getByTestId("history-table-scroll");
  await box.focus();
  await page.keyboard.press("End");
  await page.locator('[data-testid="history-row"][aria-rowindex="521"]').waitFor();
}

/** Presses a column's header; the table goes back to its top, where the first row is drawn. */
const sortBy = async (page: Page, label: string) => {
  await page.getByRole("button", { name: label, exact: true }).click();
  await page.locator('[data-testid="history-row"][aria-rowindex="2"]').waitFor();
};
const ariaSort = (page: Page, label: string) =>
  page.getByRole("columnheader", { name: label, exact: true }).getAttribute("aria-sort");

describe("the history table and its CSV", () => {
  for (const [viewport, name] of [
    [PHONE, "phone"],
    [DESKTOP, "wide"],
  ] as const) {
    test(`${name}: a year's table from one request, drawn in part, scrolled to its last row, sorted, downloaded, opened`, async () => {
      const { page, context } = await signedIn(viewport);
      const asked: string[] = [];
      page.on("request", (req) => {
        if (req.url().includes("/api/recommendations/historical")) asked.push(req.url());
      });
      await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
      await page.getByText("520 recommendations found").waitFor();
      await page.getByTestId("history-table").waitFor();
      // One request, the whole year; not the cards' pages as well.
      expect(asked).toHaveLength(1);
      expect(new URL(asked[0]!).searchParams.get("pageSize")).toBe("1000");
      expect(await page.getByTestId("recommendation-card").count()).toBe(0);
      expect(await page.getByTestId("history-table").getAttribute("aria-rowcount")).toBe("521");
      const drawn = await rowIndexes(page);
      expect(drawn[0]).toBe(2);
      expect(drawn.length).toBeLessThan(60);
      expect(await ariaSort(page, "Date")).toBe("descending");

      // The header stays in view while the box scrolls; the last of the 520 rows can be reached by keyboard.
      await scrollToEnd(page);
      expect((await rowIndexes(page))[0]).toBeGreaterThan(400);
      const header = await page.getByRole("columnheader", { name: "Date", exact: true }).boundingBox();
      const box = await page.getByTestId("history-table-scroll").boundingBox();
      expect(Math.abs(header!.y - box!.y)).toBeLessThan(2);
      // Newest first: the last row is the year's oldest call.
      const ids = await apiRows(page);
      expect(isoOf((await column(page, 0)).at(-1)!)).toBe(oldest(ids)!);

      // A sort orders the whole year, back at the top: the first symbol is the year's first in A to Z.
      const symbols = ids.map((r) => r.symbol).sort();
      await sortBy(page, "Symbol");
      expect(await ariaSort(page, "Symbol")).toBe("ascending");
      const up = await column(page, 1);
      expect(up[0]).toBe(symbols[0]!);
      expect(up).toEqual([...up].sort());
      await scrollToEnd(page);
      expect((await column(page, 1)).at(-1)).toBe(symbols.at(-1)!);

      // The CSV holds all 520, whatever is drawn, and asks the API nothing more.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download CSV" }).click(),
      ]);
      const lines = readFileSync((await download.path())!, "utf8")
        .trimEnd()
        .split("\r\n");
      expect(lines).toHaveLength(521);
      expect(new Set(lines.slice(1).map((line) => Number(line.split(",")[0])))).toEqual(
        new Set(ids.map((r) => r.id)),
      );
      expect(asked).toHaveLength(1);

      // A row's symbol opens its full analysis at the dialog's own address, over the table and its search.
      const last = page.locator('[data-testid="history-row"][aria-rowindex="521"]');
      const symbol = (await last.locator("th").textContent())!;
      const opener = last.getByRole("button", { name: new RegExp(`^View Full Analysis of ${symbol},`) });
      const id = (await opener.getAttribute("data-opens-recommendation"))!;
      await opener.click();
      await page.waitForURL((url) => url.pathname === `/dashboard/historical/r/${id}`);
      const dialog = page.getByRole("dialog", { name: "View Full Analysis" });
      await dialog.waitFor();
      await dialog.getByText(symbol, { exact: false }).first().waitFor();
      // The dialog reads the detail: the whole reasoning, the model and the price's date a row leaves out.
      await dialog
        .getByText(/closed at \$\d/)
        .first()
        .waitFor();
      await dialog
        .getByText(/^xgb-rank-/)
        .first()
        .waitFor();
      await dialog.getByText("as of Oct 27, 2023").waitFor();
      const under = new URL(page.url()).searchParams;
      expect([under.get("from"), under.get("to"), under.get("view")]).toEqual([
        "2022-10-28",
        "2023-10-27",
        "table",
      ]);
      // Esc goes back to the table's address, focus back on the row's symbol, and the table asks the API nothing.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await page.waitForURL((url) => url.pathname === "/dashboard/historical");
      expect(new URL(page.url()).searchParams.get("view")).toBe("table");
      await page.waitForFunction(
        (opens) => document.activeElement?.getAttribute("data-opens-recommendation") === opens,
        id,
      );
      expect(asked).toHaveLength(1);
      await context.close();
    });
  }

  test("a reload asks for the table's rows beside the current user; the filters form arriving later moves nothing", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await signedIn(viewport);
      // The current user answers late and the form's code arrives later still, as on a slow phone.
      const late = (ms: number) => async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        await route.continue();
      };
      await page.route("**/api/auth/user", late(700));
      await page.route(/\/historical-filters-form-[^/]*\.js$/, late(1500));
      let userAnswered = 0;
      let tableAsked = 0;
      page.on("response", (res) => {
        if (res.url().endsWith("/api/auth/user")) userAnswered ||= Date.now();
      });
      page.on("request", (req) => {
        if (req.url().includes("/api/recommendations/historical")) tableAsked ||= Date.now();
      });
      await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
      await page.locator('[data-testid="history-row"]').first().waitFor();
      // Asked before the user's answer came, so not after the layout's check as a loader alone would.
      expect(tableAsked).toBeGreaterThan(0);
      expect(userAnswered === 0 || tableAsked < userAnswered).toBe(true);
      // The rows are drawn while the form's place is held; when it comes, the table stays where it was.
      await page.getByTestId("history-filters-placeholder").waitFor();
      const before = (await page.getByTestId("history-table-scroll").boundingBox())!.y;
      await page.getByLabel("From Date").waitFor();
      expect(await page.getByTestId("history-filters-placeholder").count()).toBe(0);
      const after = (await page.getByTestId("history-table-scroll").boundingBox())!.y;
      expect(Math.abs(after - before)).toBeLessThan(1);
      await context.close();
    }
  });

  test("the filters form's code is asked for once the rows are drawn, not before them; a new search keeps it", async () => {
    const { page, context } = await signedIn(PHONE);
    // The year's answer comes late, as from a busy server: the form's code must not run ahead of the rows.
    await page.route("**/api/recommendations/historical?*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    let answered = 0;
    let formAsked = 0;
    page.on("response", (res) => {
      if (res.url().includes("/api/recommendations/historical")) answered ||= Date.now();
    });
    page.on("request", (req) => {
      if (/\/historical-filters-form-[^/]*\.js$/.test(req.url())) formAsked ||= Date.now();
    });
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
    await page.getByTestId("history-filters-placeholder").waitFor();
    await page.locator('[data-testid="history-row"]').first().waitFor();
    await page.getByLabel("From Date").waitFor();
    expect(answered).toBeGreaterThan(0);
    expect(formAsked).toBeGreaterThanOrEqual(answered);
    // A new search draws the form at once while its results load: no placeholder in its place.
    await page.getByLabel("From Date").fill("2023-01-02");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/from=2023-01-02/);
    expect(await page.getByTestId("history-filters-placeholder").count()).toBe(0);
    expect(await page.getByLabel("From Date").inputValue()).toBe("2023-01-02");
    await context.close();
  });

  test("its own document asks for the year's answer before the app's code has come, once", async () => {
    const { page, context } = await signedIn(PHONE);
    const asked: number[] = [];
    let tableAsked!: () => void;
    const whenAsked = new Promise<void>((resolve) => {
      tableAsked = resolve;
    });
    page.on("request", (req) => {
      if (!req.url().includes("/api/recommendations/historical")) return;
      asked.push(Date.now());
      tableAsked();
    });
    // The app's code is held until the answer has been asked for (10 s at most): only the early script can ask.
    let released = 0;
    await page.route(/\/(index|_app|dashboard)[^/]*\.js$/, async (route) => {
      await Promise.race([whenAsked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      released ||= Date.now();
      await route.continue();
    });
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
    await page.locator('[data-testid="history-row"]').first().waitFor();
    expect(asked).toHaveLength(1);
    expect(asked[0]!).toBeLessThanOrEqual(released);
    await context.close();
  });

  test("its own document leaves the link to the entry: route chunks at low priority, no Latest cards early", async () => {
    const { page, context } = await signedIn(PHONE);
    // The document as served (the app adds its own modulepreloads as it loads more code).
    const html = await (
      await page.request.get(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`)
    ).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)![1]!;
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
    await page.locator('[data-testid="history-row"]').first().waitFor();
    // The page's own clock: the test's events for two requests a few ms apart can arrive in either order.
    const timings = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => {
        const r = e as PerformanceResourceTiming;
        return {
          path: new URL(r.name).pathname,
          initiator: r.initiatorType,
          start: r.startTime,
          end: r.responseEnd,
        };
      }),
    );
    const head = {
      modules: [...html.matchAll(/<link rel="modulepreload"([^>]*)href="([^"]+)">/g)].map((m) => ({
        href: m[2]!,
        priority: /fetchpriority="(\w+)"/.exec(m[1]!)?.[1] ?? "auto",
      })),
      answers: [...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)">/g)].map((m) => m[1]!),
    };
    // The tab's own chunk and the signed-in frame's are preloaded, all of them at low priority.
    expect(head.modules.some((m) => m.href.startsWith("/dashboard.historical.lazy-"))).toBe(true);
    expect(head.modules.some((m) => m.href.startsWith("/_app.lazy-"))).toBe(true);
    expect(head.modules.filter((m) => m.priority !== "low")).toEqual([]);
    expect(head.answers.sort()).toEqual([
      "/api/auth/user",
      "/api/market/status",
      "/api/notifications/alerts",
    ]);
    // The Latest cards are asked for by the app once it runs (a fetch after the entry came), not beside the entry.
    const entryCame = timings.find((t) => t.path === entry)?.end ?? 0;
    expect(entryCame).toBeGreaterThan(0);
    for (const latest of timings.filter((t) => t.path === "/api/recommendations/latest")) {
      expect(latest.initiator).toBe("fetch");
      expect(latest.start).toBeGreaterThanOrEqual(entryCame);
    }
    await context.close();
  });

  test("each column sorts both ways over the whole year; the choice stays in the address", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}`);
    await page.getByText("520 recommendations found").waitFor();
    // The cards show the first page only.
    expect(await page.getByTestId("recommendation-card").count()).toBe(24);

    await page.getByRole("button", { name: "Table", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "table");
    await page.getByTestId("history-table").waitFor();
    expect(await page.getByTestId("recommendation-card").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Table", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    const rows = await apiRows(page);

    await sortBy(page, "Symbol");
    await sortBy(page, "Symbol");
    expect(await ariaSort(page, "Symbol")).toBe("descending");
    const down = await column(page, 1);
    expect(down[0]).toBe(
      rows
        .map((r) => r.symbol)
        .sort()
        .at(-1)!,
    );
    expect(down).toEqual([...down].sort().reverse());

    // Date: pressing it again after newest first gives the oldest first.
    await sortBy(page, "Date");
    await sortBy(page, "Date");
    expect(await ariaSort(page, "Date")).toBe("ascending");
    const dates = (await column(page, 0)).map((d) => Date.parse(d));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(isoOf((await column(page, 0))[0]!)).toBe(oldest(rows)!);

    // Expected excess return, largest first: the first drawn is the year's largest.
    await sortBy(page, "Expected excess return");
    const excess = (await column(page, 4)).map((v) => Number.parseFloat(v));
    expect(excess.every((v, i) => i === 0 || v <= excess[i - 1]!)).toBe(true);
    const largest = Math.max(...rows.map((r) => r.expectedExcessReturn ?? Number.NEGATIVE_INFINITY));
    expect(Math.abs(excess[0]! - largest * 100)).toBeLessThan(0.1);

    // Outcome: the best ending first, open calls last.
    await sortBy(page, "Outcome");
    expect((await column(page, 5))[0]).toMatch(/^Beat the median by [\d.]+ points?$/);
    await scrollToEnd(page);
    expect((await column(page, 5)).at(-1)).toBe("Open");

    // A reload keeps the table (the address holds it); Cards takes it out of the address.
    await page.reload();
    await page.getByTestId("history-table").waitFor();
    expect(await page.getByTestId("history-table").getAttribute("aria-rowcount")).toBe("521");
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
    expect(new Set(ids)).toEqual(new Set((await apiRows(page)).map((r) => r.id)));
    const dates = lines.map((line) => line.split(",")[1]!);
    expect(dates.every((d) => d >= "2022-10-28" && d <= "2023-10-27")).toBe(true);
    // A resolved call's words are in the file as on the card.
    expect(
      /,(Beat|Trailed) the median stock by \d+\.\d points? over 60 trading days \([+-]?\d/.test(csv),
    ).toBe(true);

    // A narrower search: one symbol's calls only.
    await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&symbol=AAPL&view=table`);
    await page.getByTestId("history-table").waitFor();
    const shown = Number(await page.getByTestId("history-table").getAttribute("aria-rowcount")) - 1;
    expect(shown).toBeGreaterThan(0);
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

  test("on a phone the table scrolls inside its box, never the page; light and dark at 390 and 1440 px, axe clean", async () => {
    for (const [viewport, name] of [
      [PHONE, "phone"],
      [DESKTOP, "wide"],
    ] as const) {
      for (const scheme of SCHEMES) {
        const { page, context } = await e2e.browser.newPage(viewport, scheme);
        await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
        await page.waitForURL(`${e2e.server.url}/dashboard`);
        await page.goto(`${e2e.server.url}/dashboard/historical?${YEAR}&view=table`);
        await page.getByTestId("history-table").waitFor();
        await settled(page);
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        }));
        expect(widths.page).toBeLessThanOrEqual(widths.viewport);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `history-table-${name}-${scheme}`);
        await context.close();
      }
    }
  });
});
