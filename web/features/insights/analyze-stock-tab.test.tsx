import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AnalyzeStockTab } from "./analyze-stock-tab.tsx";

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2022-01-01" });
  token = await api.signIn((await api.createUser()).email, "correct-horse-battery");
  storeToken(token);
});
afterAll(async () => {
  cleanup();
  await api.close();
});

describe("Analyze Stock, on the real API with the demo market", () => {
  test("a symbol the demo market lacks says why: not among its stocks", async () => {
    renderWithProviders(<AnalyzeStockTab onAnalyzed={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("combobox", { name: /Stock symbol/ }), "F");
    await user.click(screen.getByRole("button", { name: "Analyze" }));
    const alert = await screen.findByText(/Unknown symbol 'F'/, {}, { timeout: 5000 });
    expect(alert.closest("[role=alert], .mantine-Alert-root")?.textContent).toBe(
      "Analysis Failed: Unknown symbol 'F': not among the 2 demo stocks.",
    );
  });

  test("a company name, as the hint offers, is analysed as its symbol", async () => {
    cleanup();
    renderWithProviders(<AnalyzeStockTab onAnalyzed={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("combobox", { name: /Stock symbol/ }), "Microsoft");
    await user.click(screen.getByRole("button", { name: "Analyze" }));
    const analysed = async () =>
      (await bodyOf(api.api(token).insights.history.$get({ query: {} }), 200)).map((h) => h.symbol);
    await waitFor(async () => expect(await analysed()).toEqual(["MSFT"]), { timeout: 15000 });
    expect(screen.queryByText("Analysis Failed:")).toBeNull();
  }, 20_000);
});
