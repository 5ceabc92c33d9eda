import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { TestApp } from "../../api/test/harness.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../test/real-api.ts";
import { renderWithProviders } from "../test/render.tsx";
import { SymbolAutocomplete } from "./symbol-autocomplete.tsx";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["AAPL", "AMAT", "MSFT", "NVDA"], from: "2023-10-01" });
  const account = await api.createUser();
  await signInBrowser(api, account.email);
});
afterAll(() => closeRealApi(api));
afterEach(cleanup);

/** Retries `check` on real timers (the debounce and the request take real time) until it passes or 3 s go by. */
async function eventually(check: () => void, ms = 3000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The field in a form, as the app uses it; `submitted` records what the form sent. */
function Harness(props: { submitted: string[] }) {
  const [symbol, setSymbol] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.submitted.push(symbol);
      }}
    >
      <SymbolAutocomplete label="Stock symbol" value={symbol} onChange={setSymbol} />
      <output aria-label="value">{symbol}</output>
    </form>
  );
}

describe("symbol autocomplete (real API in process)", () => {
  test("typing part of a company name offers 'SYMBOL — Company name'; choosing one fills the symbol", async () => {
    renderWithProviders(<Harness submitted={[]} />, { mantineTestEnv: true });
    const user = userEvent.setup();
    const input = await screen.findByRole("combobox", { name: "Stock symbol" });
    await user.type(input, "app");
    expect((input as HTMLInputElement).value).toBe("APP");
    const apple = await screen.findByRole("option", { name: "AAPL — Apple Inc." });
    expect(screen.getByRole("option", { name: "AMAT — Applied Materials" })).toBeTruthy();
    // Prefix matches first, in the server's order.
    const names = screen.getAllByRole("option").map((o) => o.textContent);
    expect(names.slice(0, 2)).toEqual(["AAPL — Apple Inc.", "AMAT — Applied Materials"]);
    await user.click(apple);
    expect((input as HTMLInputElement).value).toBe("AAPL");
    expect(screen.getByLabelText("value").textContent).toBe("AAPL");
  });

  test("free typing still works: a typed symbol and Enter submit the form as typed, uppercased", async () => {
    const submitted: string[] = [];
    renderWithProviders(<Harness submitted={submitted} />, { mantineTestEnv: true });
    const user = userEvent.setup();
    const input = await screen.findByRole("combobox", { name: "Stock symbol" });
    await user.type(input, "nvda");
    await screen.findByRole("option", { name: "NVDA — Nvidia" });
    await user.keyboard("{Enter}");
    await waitFor(() => expect(submitted).toEqual(["NVDA"]));
    // An unknown symbol offers nothing and can still be sent.
    await user.clear(input);
    await user.type(input, "zzzq{Enter}");
    await waitFor(() => expect(submitted).toEqual(["NVDA", "ZZZQ"]));
    await eventually(() => expect(screen.queryAllByRole("option").map((o) => o.textContent)).toEqual([]));
  });

  test("arrow keys and Enter choose a suggestion instead of submitting", async () => {
    const submitted: string[] = [];
    renderWithProviders(<Harness submitted={submitted} />, { mantineTestEnv: true });
    const user = userEvent.setup();
    const input = await screen.findByRole("combobox", { name: "Stock symbol" });
    await user.type(input, "micro");
    await screen.findByRole("option", { name: "MSFT — Microsoft" });
    await user.keyboard("{ArrowDown}{Enter}");
    expect((input as HTMLInputElement).value).toBe("MSFT");
    expect(submitted).toEqual([]);
  });
});
