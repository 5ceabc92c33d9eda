import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { adminRecommendation } from "../../test/recommendation-fixture.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoricalRecommendationsTab } from "./historical-recommendations-tab.tsx";
import { HISTORY_PAGE_SIZE, type Recommendation } from "./recommendations.queries.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const call = (id: number, recommendationDate: string): Recommendation => ({
  ...adminRecommendation,
  id,
  recommendationDate,
});

/**
 * The API as it answers a search of `all` (newest first): the page asked for, X-Total-Count for every match and
 * X-Date-Counts for each date the page shows. Returns the pages asked for.
 */
function answer(all: Recommendation[]) {
  const asked: number[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const page = Number(url.searchParams.get("page"));
    const size = Number(url.searchParams.get("pageSize"));
    asked.push(page);
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
  });

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
