import { afterEach, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import { renderWithProviders } from "../../test/render.tsx";
import { TermsPage } from "./legal-page.tsx";

afterEach(cleanup);

// lightweight-charts' licence (Apache-2.0 with a NOTICE) asks for its attribution notice and a link to TradingView
// on a page every user can reach; the charts themselves turn the library's logo off (decision 092).
test("the Terms page carries the chart library's attribution notice and its link", async () => {
  renderWithProviders(<TermsPage />);
  const section = await screen.findByText(/drawn with TradingView Lightweight Charts™/);
  expect(section.textContent).toContain("Copyright © 2025 TradingView, Inc.");
  expect(screen.getByRole("link", { name: "https://www.tradingview.com/" }).getAttribute("href")).toBe(
    "https://www.tradingview.com/",
  );
});
