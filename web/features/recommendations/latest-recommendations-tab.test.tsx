import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../test/render.tsx";
import { LatestRecommendationsTab } from "./latest-recommendations-tab.tsx";

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
