import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import { adminRecommendation } from "../../test/recommendation-fixture.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoricalRecommendationsTab } from "./historical-recommendations-tab.tsx";
import type { Recommendation } from "./recommendations.queries.ts";

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

/** The API as it answers a search: the newest matches (at most 500) and X-Total-Count for all of them. */
function answer(items: Recommendation[], total: number) {
  globalThis.fetch = (async () =>
    new Response(JSON.stringify(items), {
      status: 200,
      headers: { "content-type": "application/json", "x-total-count": String(total) },
    })) as unknown as typeof fetch;
}

const filters = { fromDate: "2022-10-27", toDate: "2023-10-27" };

describe("Historical tab's count", () => {
  test("counts every match (X-Total-Count), and says when the list shows only the newest of them", async () => {
    answer([call(3, "2023-10-27"), call(2, "2023-10-27"), call(1, "2023-10-26")], 520);
    renderWithProviders(<HistoricalRecommendationsTab filters={filters} onSearch={() => {}} />);
    expect(await screen.findByText("520 recommendations found")).toBeTruthy();
    expect(screen.getByTestId("history-shown").textContent).toContain("Showing the newest 3.");
    expect(screen.getAllByTestId("history-group")).toHaveLength(2);
  });

  test("says nothing more when every match is shown", async () => {
    answer([call(1, "2023-10-26")], 1);
    renderWithProviders(<HistoricalRecommendationsTab filters={filters} onSearch={() => {}} />);
    expect(await screen.findByText("1 recommendation found")).toBeTruthy();
    expect(screen.queryByTestId("history-shown")).toBeNull();
  });
});
