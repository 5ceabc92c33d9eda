import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, within } from "@testing-library/react";
import type { TestApp } from "../../../api/test/harness.ts";
import { seedLiveSample } from "../../../api/test/live-sample.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { RangeCheckSection } from "./range-check-section.tsx";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-06-01" });
  storeToken(await api.signIn((await api.createUser()).email, "correct-horse-battery"));
});
afterAll(() => api.close());
afterEach(cleanup);

const heading = "Pre-registered check of the ranges on live calls";

describe("the check of the ranges on the Track Record page, on the real API (decision 140)", () => {
  test("it shows n of N dates collected and what is checked, with nothing scored in the demo market", async () => {
    renderWithProviders(<RangeCheckSection />);
    await screen.findByRole("heading", { name: heading });
    expect(screen.getByTestId("range-check-summary").textContent).toBe("0 of 32 dates collected");
    expect(screen.getAllByTestId("range-check-progress").map((p) => p.textContent)).toEqual([
      "Nothing is checked yet: no registered date's 60-session outcome is known. The simulated calls above do " +
        "not count.",
    ]);
    expect(
      screen.getByText(
        "Each stock's range fitted to hold 80% of outcomes (10th to 90th percentile) is checked on live calls: " +
          "every index member's range on dates 60 sessions apart from Nov 30, 2026, the share of outcomes inside, " +
          "below and above it by volatility fifth, against a target of 77% to 83% inside. Stocks of one date move " +
          "together, so the date is the unit: 32 dates give a 95% interval of ±3 points.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("docs/model/preregistration-ranges.md")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  test("once a registered date resolves: its shares per fifth, labelled as not the verdict", async () => {
    // One resolved date, one member per fifth: fifth 1's fell below its range, fifth 3's above.
    await seedLiveSample(api);
    renderWithProviders(<RangeCheckSection />);
    await screen.findByRole("heading", { name: heading });
    expect(screen.getByTestId("range-check-summary").textContent).toBe("1 of 32 dates collected");
    expect(screen.queryAllByTestId("range-check-progress")).toEqual([]);
    const table = screen.getByRole("table", {
      name: /^Running figures over 1 date, not the verdict: the check is judged once, at 32 dates\./,
    });
    const row = (fifth: number) =>
      within(within(table).getByRole("row", { name: new RegExp(`^${fifth} `) }))
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(row(1)).toEqual(["0.0%", "100.0%", "0.0%"]);
    expect(row(3)).toEqual(["0.0%", "0.0%", "100.0%"]);
    expect(row(5)).toEqual(["100.0%", "0.0%", "0.0%"]);
  });
});
