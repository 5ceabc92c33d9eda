import { afterEach, describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { adminRecommendationRow } from "../../test/recommendation-fixture.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { LatestRecommendationsTab } from "./latest-recommendations-tab.tsx";
import { latestRecommendationsQueryOptions } from "./recommendations.queries.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

describe("Latest tab when the load fails", () => {
  test("says the recommendations could not be loaded (not 'No Latest Recommendations') and Retry loads again", async () => {
    let calls = 0;
    globalThis.fetch = (async () => {
      calls += 1;
      return calls === 1
        ? new Response(JSON.stringify({ message: "Service unavailable" }), {
            status: 503,
            headers: { "content-type": "application/json" },
          })
        : new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
    }) as unknown as typeof fetch;
    renderWithProviders(<LatestRecommendationsTab onOpen={() => {}} />);
    expect(await screen.findByText("Could not load recommendations")).toBeTruthy();
    expect(screen.queryByText("No Latest Recommendations")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No Latest Recommendations")).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe("Latest tab with its answer already there (a reload: it comes with the HTML)", () => {
  test("draws the first card at once, without a skeleton pass, and every card follows", async () => {
    const rows = ["KO", "PEP", "MCD", "JNJ", "PG"].map((symbol, i) => ({
      ...adminRecommendationRow,
      id: i + 1,
      symbol,
    }));
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(latestRecommendationsQueryOptions().queryKey, rows);
    // Every element the page ever adds, so a skeleton drawn and replaced between two looks is still seen.
    const added: string[] = [];
    const observer = new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of m.addedNodes)
          if (node instanceof HTMLElement)
            for (const el of [node, ...node.querySelectorAll("[data-testid]")])
              if (el.getAttribute("data-testid")) added.push(el.getAttribute("data-testid")!);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithProviders(<LatestRecommendationsTab onOpen={() => {}} />, { queryClient });
    await screen.findAllByTestId("recommendation-card");
    await waitFor(() => expect(screen.getAllByTestId("recommendation-card")).toHaveLength(rows.length));
    observer.disconnect();
    // In the answer's order, each named by its quote link.
    const symbols = screen
      .getAllByTestId("recommendation-card")
      .map((card) => card.querySelector("a")?.getAttribute("aria-label")?.split(" ")[0]);
    expect(symbols).toEqual(rows.map((r) => r.symbol));
    expect(added).not.toContain("recommendation-skeleton");
    expect(added.filter((id) => id === "recommendation-card")).toHaveLength(rows.length);
  });
});
