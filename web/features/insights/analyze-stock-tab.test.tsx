import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AnalyzeStockTab } from "./analyze-stock-tab.tsx";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-01-01" });
  storeToken(await api.signIn((await api.createUser()).email, "correct-horse-battery"));
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
});
