import { afterAll, afterEach, beforeAll, describe, expect, mock, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { WatchlistItemForm } from "./watchlist-item-form.tsx";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

/** The symbol field asks for suggestions: none here. */
function noSuggestions() {
  globalThis.fetch = (() => Promise.resolve(Response.json([]))) as unknown as typeof fetch;
}

const threshold = () => screen.getByRole("textbox", { name: /Alert threshold/ });
const purchasePrice = () => screen.getByRole("textbox", { name: /Purchase price/ });

describe("watchlist item form, validated with the API's AddWatchlistInput and UpdateWatchlistInput", () => {
  test("add: a blank symbol is 'Stock symbol is required' and nothing is sent; then the schema's request goes", async () => {
    noSuggestions();
    const onSubmit = mock((_request: unknown) => {});
    renderWithProviders(
      <WatchlistItemForm mode="add" pending={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Stock" }));
    expect(await screen.findByText("Stock symbol is required")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(threshold()).toHaveProperty("value", "10");

    await user.type(screen.getByRole("combobox", { name: /Stock symbol/ }), " nvda ");
    await user.click(screen.getByRole("button", { name: "Add Stock" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      { symbol: "NVDA", purchasePrice: null, targetChangePercent: 10 },
    ]);
  });

  test("add: a cleared threshold is required, not the default", async () => {
    noSuggestions();
    const onSubmit = mock((_request: unknown) => {});
    renderWithProviders(
      <WatchlistItemForm mode="add" pending={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole("combobox", { name: /Stock symbol/ }), "aapl");
    await user.clear(threshold());
    await user.click(screen.getByRole("button", { name: "Add Stock" }));
    expect(await screen.findByText("Alert threshold is required.")).toBeTruthy();
    expect(threshold().getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("a threshold of 0 is refused with the schema's message, not raised to 0.1 and saved", async () => {
    noSuggestions();
    const onSubmit = mock((_request: unknown) => {});
    renderWithProviders(
      <WatchlistItemForm
        mode="edit"
        initial={{ targetChangePercent: 5 }}
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    await user.clear(await screen.findByRole("textbox", { name: /Alert threshold/ }));
    await user.type(threshold(), "0");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Alert threshold must be greater than zero.")).toBeTruthy();
    expect(threshold()).toHaveProperty("value", "0");
    expect(threshold().getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("edit: a cleared purchase price is sent as none, with the threshold", async () => {
    noSuggestions();
    const onSubmit = mock((_request: unknown) => {});
    renderWithProviders(
      <WatchlistItemForm
        mode="edit"
        initial={{ purchasePrice: 300, targetChangePercent: 5 }}
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole("combobox", { name: /Stock symbol/ })).toBeNull();
    await user.clear(await waitFor(purchasePrice));
    await user.clear(threshold());
    await user.type(threshold(), "7.5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ purchasePrice: null, targetChangePercent: 7.5 }]);
  });
});

describe("watchlist item form, on the real API with the demo market", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await useRealApi();
    await api.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-09-01" });
    storeToken(await api.signIn((await api.createUser()).email, "correct-horse-battery"));
  });
  afterAll(() => api.close());

  test("add: a company name, as the hint offers, is sent as its symbol (Apple is AAPL), a ticker as itself", async () => {
    const onSubmit = mock((_request: unknown) => {});
    renderWithProviders(
      <WatchlistItemForm mode="add" pending={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    const user = userEvent.setup();
    const symbol = await screen.findByRole("combobox", { name: /Stock symbol/ });
    expect(symbol.getAttribute("placeholder")).toBe("e.g. AAPL or Apple");
    await user.type(symbol, "Apple");
    await user.click(screen.getByRole("button", { name: "Add Stock" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      { symbol: "AAPL", purchasePrice: null, targetChangePercent: 10 },
    ]);

    await user.clear(symbol);
    await user.type(symbol, "msft");
    await user.click(screen.getByRole("button", { name: "Add Stock" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]).toEqual([
      { symbol: "MSFT", purchasePrice: null, targetChangePercent: 10 },
    ]);
  });
});
