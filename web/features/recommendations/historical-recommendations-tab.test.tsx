import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { HISTORY_PAGE_SIZE } from "../../../api/features/recommendations/recommendations.constants.ts";
import { adminRecommendationRow } from "../../test/recommendation-fixture.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoricalRecommendationsTab } from "./historical-recommendations-tab.tsx";
import type { RecommendationRow } from "./recommendations.queries.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const call = (id: number, recommendationDate: string): RecommendationRow => ({
  ...adminRecommendationRow,
  id,
  recommendationDate,
});

/**
 * The API as it answers a search of `all` (newest first): the page asked for, X-Total-Count for every match and
 * X-Date-Counts for each date the page shows. Returns the pages asked for.
 */
function answer(all: RecommendationRow[], sizes: number[] = []) {
  const asked: number[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const page = Number(url.searchParams.get("page"));
    const size = Number(url.searchParams.get("pageSize"));
    asked.push(page);
    sizes.push(size);
    const items = all.slice((page - 1) * size, page * size);
    const dates = [...new Set(items.map((r) => r.recommendationDate))];
    const counts = dates.map((d) => `${d}=${all.filter((r) => r.recommendationDate === d).length}`);
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: {
        "content-type": "application/json",
        "x-total-count": String(all.length),
        "x-date-counts": counts.join(","),
      },
    });
  }) as unknown as typeof fetch;
  return asked;
}

const filters = { fromDate: "2022-10-27", toDate: "2023-10-27" };

/** 30 calls: 20 on Oct 27 and 10 on Oct 26, so the first page shows all of one group and part of the other. */
const thirty = Array.from({ length: 30 }, (_, i) => call(100 - i, i < 20 ? "2023-10-27" : "2023-10-26"));

// First in the file: the form's code is not yet asked for by any earlier render of the tab.
describe("Historical tab's filters form", () => {
  test("is asked for only once the frame that draws the first results has been painted", async () => {
    // Animation frames held back: the browser has not yet drawn the commit that put the rows in the page.
    const held: FrameRequestCallback[] = [];
    const requestFrame = globalThis.requestAnimationFrame;
    globalThis.requestAnimationFrame = (callback) => held.push(callback);
    try {
      answer(thirty);
      renderWithProviders(
        <HistoricalRecommendationsTab filters={filters} onSearch={() => {}} view="table" onOpen={() => {}} />,
      );
      expect(await screen.findByText("30 recommendations found")).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByLabelText("From Date")).toBeNull();
      expect(screen.getByTestId("history-filters-placeholder")).toBeTruthy();
      for (const callback of held.splice(0)) callback(performance.now());
      // The form's code (zod, the form library, the inputs) takes a while to load on a busy machine.
      expect(await screen.findByLabelText("From Date", {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByTestId("history-filters-placeholder")).toBeNull();
    } finally {
      globalThis.requestAnimationFrame = requestFrame;
    }
  }, 20_000);
});

describe("Historical tab's pages", () => {
  test("counts every match, shows the first page with each date's full count, and loads the rest on Show more", async () => {
    const asked = answer(thirty);
    renderWithProviders(
      <HistoricalRecommendationsTab filters={filters} onSearch={() => {}} onOpen={() => {}} />,
    );
    expect(await screen.findByText("30 recommendations found")).toBeTruthy();
    expect(screen.getByTestId("history-shown").textContent).toBe(`Showing the newest ${HISTORY_PAGE_SIZE}.`);
    const badges = () => screen.getAllByTestId("history-group-count").map((b) => b.textContent);
    // The page shows 4 of Oct 26's 10; its badge counts all 10.
    expect(badges()).toEqual(["20", "10"]);
    expect(screen.getAllByRole("button", { name: /View Full Analysis/ }).length).toBe(HISTORY_PAGE_SIZE);

    fireEvent.click(screen.getByRole("button", { name: "Show 6 more" }));
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: /View Full Analysis/ }).length).toBe(30),
    );
    expect(asked).toEqual([1, 2]);
    expect(badges()).toEqual(["20", "10"]);
    expect(screen.queryByTestId("history-shown")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Show \d+ more$/ })).toBeNull();
  }, 20_000);

  test("says nothing more and offers no more when every match is shown", async () => {
    answer([call(1, "2023-10-26")]);
    renderWithProviders(
      <HistoricalRecommendationsTab filters={filters} onSearch={() => {}} onOpen={() => {}} />,
    );
    expect(await screen.findByText("1 recommendation found")).toBeTruthy();
    expect(screen.queryByTestId("history-shown")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Show \d+ more$/ })).toBeNull();
  });
});

/** 520 calls, a year of weekly ones: ten a week over 52 weeks, symbols S000 to S519 in no date order. */
const year = Array.from({ length: 520 }, (_, i) => {
  const day = new Date(Date.UTC(2023, 9, 27) - Math.floor(i / 10) * 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { ...call(1000 - i, day), symbol: `S${String((i * 37) % 520).padStart(3, "0")}` };
});

/**
 * Records each read of the table's scroll box's size and each scroll of it, which in a browser would lay the page
 * out on the spot. Returns the records and the undo.
 */
function watchBox() {
  const touched: string[] = [];
  const isBox = (el: Element) => (el as HTMLElement).dataset.testid === "history-table-scroll";
  const undo: Array<() => void> = [];
  for (const [proto, name] of [
    [HTMLElement.prototype, "clientHeight"],
    [HTMLElement.prototype, "clientWidth"],
    [HTMLElement.prototype, "offsetHeight"],
    [Element.prototype, "getBoundingClientRect"],
    [Element.prototype, "scrollTo"],
  ] as const) {
    const own =
      Object.getOwnPropertyDescriptor(proto, name) ??
      Object.getOwnPropertyDescriptor(Element.prototype, name);
    if (!own) continue;
    const wrapped: PropertyDescriptor = own.get
      ? {
          configurable: true,
          get(this: Element) {
            if (isBox(this)) touched.push(name);
            return own.get!.call(this);
          },
        }
      : {
          configurable: true,
          writable: true,
          value(this: Element, ...args: unknown[]) {
            if (isBox(this)) touched.push(name);
            return (own.value as (...a: unknown[]) => unknown).apply(this, args);
          },
        };
    const had = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, wrapped);
    undo.push(() => {
      if (had) Object.defineProperty(proto, name, had);
      else delete (proto as unknown as Record<string, unknown>)[name];
    });
  }
  return {
    touched,
    undo: () => {
      for (const u of undo) u();
    },
  };
}

const symbolsShown = () =>
  screen.getAllByTestId("history-row").map((row) => (row as HTMLTableRowElement).cells[1]?.textContent);

describe("Historical tab's table", () => {
  test("one request for the whole year, no cards' query; only the rows in view are drawn", async () => {
    const box = watchBox();
    try {
      const sizes: number[] = [];
      const asked = answer(year, sizes);
      const opened: number[] = [];
      renderWithProviders(
        <HistoricalRecommendationsTab
          filters={filters}
          onSearch={() => {}}
          view="table"
          onOpen={(r) => opened.push(r.id)}
        />,
      );
      expect(await screen.findByText("520 recommendations found")).toBeTruthy();
      expect(asked).toEqual([1]);
      expect(sizes).toEqual([1000]);
      const table = screen.getByTestId("history-table");
      expect(table.getAttribute("aria-rowcount")).toBe("521");
      const drawn = screen.getAllByTestId("history-row");
      expect(drawn.length).toBeGreaterThan(5);
      expect(drawn.length).toBeLessThan(30);
      expect(drawn.map((r) => r.getAttribute("aria-rowindex"))).toEqual(drawn.map((_, i) => String(i + 2)));
      // Drawn from the box's expected size: mounting neither measured nor scrolled it, either of which makes a
      // browser lay the page out in the middle of React's commit (decision 161).
      expect(box.touched).toEqual([]);
      expect(screen.queryAllByTestId("recommendation-card")).toHaveLength(0);
      // A row's symbol opens its dialog through the route (onOpen), as a card does.
      fireEvent.click(screen.getAllByRole("button", { name: /View Full Analysis/ })[0]!);
      expect(opened).toEqual([year[0]!.id]);

      // Scrolled to the end: the last rows are drawn, the first are not.
      const scroller = screen.getByTestId("history-table-scroll");
      scroller.scrollTop = 520 * 41;
      fireEvent.scroll(scroller);
      await waitFor(() =>
        expect(screen.getAllByTestId("history-row").at(-1)?.getAttribute("aria-rowindex")).toBe("521"),
      );
      expect(screen.getAllByTestId("history-row")[0]?.getAttribute("aria-rowindex")).not.toBe("2");
    } finally {
      box.undo();
    }
  });

  test("a sort orders all 520 rows, not the ones drawn, and goes back to the top", async () => {
    const box = watchBox();
    try {
      answer(year);
      renderWithProviders(
        <HistoricalRecommendationsTab filters={filters} onSearch={() => {}} view="table" onOpen={() => {}} />,
      );
      await screen.findByText("520 recommendations found");
      // Newest first: the first rows drawn are this week's ten.
      expect(symbolsShown().slice(0, 3)).toEqual(year.slice(0, 3).map((r) => r.symbol));
      const scroller = screen.getByTestId("history-table-scroll");
      scroller.scrollTop = 100 * 41;
      fireEvent.scroll(scroller);
      fireEvent.click(screen.getByRole("button", { name: "Symbol" }));
      await waitFor(() => expect(symbolsShown().slice(0, 3)).toEqual(["S000", "S001", "S002"]));
      // Only the sort scrolled the box (the mount's scroll to the top it was already at is left out).
      expect(box.touched.filter((what) => what === "scrollTo")).toEqual(["scrollTo"]);
      expect(scroller.scrollTop).toBe(0);
      fireEvent.click(screen.getByRole("button", { name: "Symbol" }));
      await waitFor(() => expect(symbolsShown().slice(0, 3)).toEqual(["S519", "S518", "S517"]));
      expect(screen.getByRole("columnheader", { name: "Symbol" }).getAttribute("aria-sort")).toBe(
        "descending",
      );
    } finally {
      box.undo();
    }
  });

  test("Download CSV holds all 520 rows, though a few are drawn", async () => {
    const createObjectURL = URL.createObjectURL;
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      saved.push(blob as Blob);
      return "blob:history";
    };
    try {
      const asked = answer(year);
      renderWithProviders(
        <HistoricalRecommendationsTab filters={filters} onSearch={() => {}} view="table" onOpen={() => {}} />,
      );
      await screen.findByText("520 recommendations found");
      fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const lines = (await saved[0]!.text()).trimEnd().split("\r\n");
      expect(lines).toHaveLength(521);
      expect(new Set(lines.slice(1).map((line) => Number(line.split(",")[0])))).toEqual(
        new Set(year.map((r) => r.id)),
      );
      // The CSV reads the table's query: no second request.
      expect(asked).toEqual([1]);
    } finally {
      URL.createObjectURL = createObjectURL;
    }
  });
});
