import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AlertReason, ModelToday } from "./watchlist-card-lines.tsx";

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ from: "2022-01-01" });
  token = await signInBrowser(api, (await api.createUser()).email);
});
afterAll(() => closeRealApi(api));
afterEach(cleanup);

const listed = () => bodyOf(api.api(token).watchlist.$get(), 200);

describe("a watchlist card's lines (real API and demo market in process)", () => {
  test("the model's decile and chance today, neutral, as an analysis of the stock states them", async () => {
    await api.request("/api/watchlist", { method: "POST", token, json: { symbol: "XOM" } });
    const analysis = await bodyOf(api.api(token).insights.analyze.$post({ json: { symbol: "XOM" } }), 201);
    const [item] = await listed();
    renderWithProviders(<ModelToday item={item!} />);
    const model = await screen.findByTestId("watchlist-model");
    expect(screen.getByTestId("watchlist-decile").textContent).toBe(`Decile ${analysis.decile} of 10`);
    const chance = screen.getByText(`${analysis.confidence}% chance`);
    if (!analysis.edgeSignificant)
      expect(chance.closest("[data-tone]")!.getAttribute("data-tone")).toBe("neutral");
    expect(model.textContent).toMatch(
      new RegExp(
        `${analysis.confidence}% chance to (beat|trail) the median S&P 500 stock over \\d+ trading days`,
      ),
    );
  });

  test("a stock the model cannot rank says so", async () => {
    const [item] = await listed();
    renderWithProviders(<ModelToday item={{ ...item!, model: null }} />);
    expect((await screen.findByTestId("watchlist-model")).textContent).toBe("No model view for this stock");
  });

  test("an item past its threshold says how far it moved, from what, and past which threshold", async () => {
    const [item] = await listed();
    renderWithProviders(<AlertReason item={item!} />);
    expect(screen.queryByTestId("alert-reason")).toBeNull();
    cleanup();
    // Bought at half today's price: up 100%.
    await api.request(`/api/watchlist/${item!.id}`, {
      method: "PATCH",
      token,
      json: { purchasePrice: Math.round(item!.currentPrice! * 50) / 100, targetChangePercent: 5 },
    });
    const [alerting] = await listed();
    expect(alerting!.shouldAlert).toBe(true);
    renderWithProviders(<AlertReason item={alerting!} />);
    expect((await screen.findByTestId("alert-reason")).textContent).toMatch(
      /^Moved \+\d+\.\d\d% since purchase, past your ±5% threshold$/,
    );
  });
});
