import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import type { TestApp } from "../../../api/test/harness.ts";
import { seedLiveSample } from "../../../api/test/live-sample.ts";
import { storeToken } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { PreregistrationSection } from "./preregistration-section.tsx";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-06-01" });
  storeToken(await api.signIn((await api.createUser()).email, "correct-horse-battery"));
});
afterAll(() => api.close());
afterEach(cleanup);

describe("the pre-registered test on the Track Record page, on the real API", () => {
  test("it shows n of N weeks collected and what will be tested, with the model's hash", async () => {
    renderWithProviders(<PreregistrationSection />);
    await screen.findByRole("heading", { name: "Pre-registered test of live calls" });
    // The demo market's day is before the registration's first date: nothing collected.
    expect(screen.getByTestId("preregistration-summary").textContent).toBe("0 of 396 weeks collected");
    expect(
      screen.getByText(
        "Live calls of xgb-rank-h60-live (SHA-256 259ef9fc…) are tested once, when 396 weeks from Nov 30, 2026 " +
          "have resolved: per-date Spearman rank correlation of the live model's score with the next 20 sessions' " +
          "total return, over every index member scored that date, on dates 20 sessions apart; one-sided " +
          "one-sample t-test of mean correlation > 0 at 5%. That many weeks give an 80% chance of detecting a " +
          "mean correlation of 0.03; fewer cannot tell it from none.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("docs/model/preregistration.md")).toBeTruthy();
    expect(screen.getAllByTestId("preregistration-progress").map((p) => p.textContent)).toEqual([
      "Nothing is scored yet: no live scoring date's 20-session outcome is known. The simulated calls above do " +
        "not count.",
    ]);
  });

  test("once live scoring dates resolve: n of N and the running figures, labelled as not the verdict", async () => {
    // Three resolved dates of the registered model (correlations 1, 0.8, -0.4) and one missed.
    await seedLiveSample(api);
    renderWithProviders(<PreregistrationSection />);
    await screen.findByRole("heading", { name: "Pre-registered test of live calls" });
    expect(screen.getByTestId("preregistration-summary").textContent).toBe("12 of 396 weeks collected");
    expect(screen.getAllByTestId("preregistration-progress").map((p) => p.textContent)).toEqual([
      "So far, over 3 scoring dates: mean rank correlation 0.467 (SD 0.757), t 1.07, one-sided p 0.199. " +
        "Running figures, not the verdict: the test is run once, at 99 dates.",
      "1 scoring date missed (no live scores recorded that day): not replaced by another date.",
    ]);
  });
});
