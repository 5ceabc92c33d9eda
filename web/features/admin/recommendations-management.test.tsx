import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../test/render.tsx";
import { RecommendationsManagement } from "./recommendations-management.tsx";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

/** Answers the admin form's requests as the API would and keeps every POST body it was sent. */
function api(onDate: Array<{ id: number; symbol: string; source: string }> = []) {
  const posted: Array<Record<string, unknown>> = [];
  const deleted: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/api/recommendations") {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return Response.json({
        message: "Recommendation posted",
        recommendation: { symbol: body.symbol },
        postedAt: "2023-10-27T14:00:00.000Z",
        usedDate: "2023-10-27",
      });
    }
    if (url.pathname.startsWith("/api/market/history/")) {
      return Response.json({
        symbol: "KO",
        asOf: "2023-10-27",
        points: [{ date: "2023-10-27", close: 50.1, sma50: null, sma200: null }],
      });
    }
    if (request.method === "DELETE") {
      deleted.push(url.pathname);
      return Response.json({
        message: "Deleted KO of 2023-10-27.",
        id: 7,
        symbol: "KO",
        recommendationDate: "2023-10-27",
      });
    }
    if (url.pathname === "/api/recommendations/historical") {
      return Response.json(onDate);
    }
    return Response.json([]);
  }) as unknown as typeof fetch;
  return Object.assign(posted, { deleted });
}

async function fill(user: ReturnType<typeof userEvent.setup>, reason: string, buyPrice = "50.25") {
  await user.type(await screen.findByRole("combobox", { name: /Symbol/ }), "ko");
  const buy = screen.getByRole("textbox", { name: /Buy price/ });
  // The buy price defaults to the day's close once the symbol is known.
  await waitFor(() => expect(buy).toHaveProperty("value", "$50.1"));
  expect(screen.getByText("Close on Oct 27, 2023: $50.10")).toBeTruthy();
  await user.clear(buy);
  await user.type(buy, buyPrice);
  await user.type(screen.getByRole("textbox", { name: /Target price/ }), "58.10");
  await user.type(screen.getByRole("textbox", { name: /Confidence/ }), "82");
  await user.type(document.querySelector('input[name="estimatedDate"]') as HTMLElement, "2023-12-29");
  if (reason) await user.type(screen.getByRole("textbox", { name: /Reason/ }), reason);
}

describe("admin's new recommendation form", () => {
  test("an empty Reason says it is required and nothing is posted", async () => {
    const posted = api();
    renderWithProviders(<RecommendationsManagement />);
    const user = userEvent.setup();
    await fill(user, "");
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    expect(await screen.findByText("Reason is required.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Reason/ }).getAttribute("aria-invalid")).toBe("true");
    expect(posted.length).toBe(0);
  });

  test("left unchecked, Aggressive is not sent; ticked, it is sent as true", async () => {
    const posted = api();
    renderWithProviders(<RecommendationsManagement />);
    const user = userEvent.setup();
    await fill(user, "Steady compounder.");
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    await waitFor(() => expect(posted.length).toBe(1));
    expect(posted[0]).toEqual({
      symbol: "KO",
      buyPrice: 50.25,
      sellTarget: 58.1,
      confidence: 82,
      estimatedDate: "2023-12-29",
      reason: "Steady compounder.",
    });
    expect("aggressive" in posted[0]!).toBe(false);

    // The form is empty again after posting; this time the admin ticks the box.
    await waitFor(() => expect(screen.getByRole("textbox", { name: /Reason/ })).toHaveProperty("value", ""));
    await fill(user, "Riskier call.");
    await user.click(screen.getByRole("checkbox", { name: /Aggressive/ }));
    await user.click(screen.getByRole("button", { name: "Post Recommendation" }));
    await waitFor(() => expect(posted.length).toBe(2));
    expect(posted[1]?.aggressive).toBe(true);
  });
});

describe("admin's delete by date", () => {
  test("does nothing until a date is picked, then asks to confirm that date", async () => {
    api();
    renderWithProviders(<RecommendationsManagement />);
    const user = userEvent.setup();
    const remove = () => screen.getByRole("button", { name: "Delete Recommendations" }) as HTMLButtonElement;
    expect((await waitFor(remove)).disabled).toBe(true);
    await user.click(remove());
    expect(screen.queryByRole("dialog", { name: "Delete recommendations?" })).toBeNull();

    await user.type(document.querySelector('input[name="date"]') as HTMLElement, "2023-10-27");
    await waitFor(() => expect(remove().disabled).toBe(false));
    await user.click(remove());
    const dialog = await screen.findByRole("dialog", { name: "Delete recommendations?" });
    expect(dialog.textContent).toContain("There are no recommendations on Oct 27, 2023.");
  });
});
