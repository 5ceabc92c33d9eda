import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import { theme } from "../../theme.ts";
import type { Performance } from "./track-record.queries.ts";
import { TrackRecordView } from "./track-record-page.tsx";

afterEach(cleanup);

const row = (label: string, count: number, resolved: number, happened: number, stated: number | null) => ({
  label,
  count,
  resolved,
  happened,
  meanProbability: stated,
  observedRate: resolved ? happened / resolved : null,
  observedLow: resolved ? 0.41 : null,
  observedHigh: resolved ? 0.68 : null,
});

const performance: Performance = {
  asOf: "2023-10-27",
  method: "Scored against the median total return of the universe.",
  count: 60,
  open: 10,
  resolved: 50,
  happened: 28,
  observedRate: 0.56,
  observedLow: 0.422,
  observedHigh: 0.689,
  meanProbability: 0.571,
  hits: 40,
  hitRate: 0.8,
  averageReturn: 0.031,
  medianReturn: 0.02,
  averageUniverseReturn: 0.018,
  averageExcessReturn: 0.013,
  bands: [
    row("below 50%", 0, 0, 0, null),
    row("50-51%", 0, 0, 0, null),
    row("52-53%", 10, 8, 4, 0.53),
    row("54-55%", 40, 34, 19, 0.545),
    row("56-57%", 0, 0, 0, null),
    row("58-59%", 0, 0, 0, null),
    row("60% and above", 8, 7, 4, 0.61),
  ],
  deciles: [row("Decile 10", 58, 49, 27, 0.571)],
  years: [row("2022", 20, 20, 11, 0.56), row("2023", 38, 29, 16, 0.58)],
  cumulative: [
    { date: "2022-11-04", calls: 8, strategy: 0.02, universe: 0.01 },
    { date: "2022-11-11", calls: 8, strategy: 0.05, universe: 0.03 },
  ],
};

const show = (p: Performance = performance) =>
  render(
    <MantineProvider theme={theme}>
      <TrackRecordView performance={p} />
    </MantineProvider>,
  );

describe("track record view", () => {
  test("totals: the stated event's observed rate with its 95% interval, returns against the universe", () => {
    show();
    const stat = screen.getByText("Stated event happened").parentElement!;
    expect(within(stat).getByText("56.0%")).toBeTruthy();
    expect(within(stat).getByText("95%: 42.2% to 68.9%")).toBeTruthy();
    const returns = screen.getByText("Average total return").parentElement!;
    expect(within(returns).getByText("+3.1%")).toBeTruthy();
    expect(within(returns).getByText("Universe +1.8%, excess +1.3%")).toBeTruthy();
    expect(
      screen.getByText(/Scored against the median total return of the universe\. Scored as of Oct 27, 2023/),
    ).toBeTruthy();
    // The raw target hit rate has no baseline, so it is not shown (docs/decisions/013).
    expect(screen.queryByText(/Hit rate/i)).toBeNull();
    expect(screen.queryByText("80.0%")).toBeNull();
    expect(screen.queryByText(/S&P 500/)).toBeNull();
  });

  test("bands, deciles and years are tables named by their headings, with counts and intervals", () => {
    show();
    const bands = screen.getByRole("table", { name: "By stated confidence" });
    const band = within(bands).getByRole("row", { name: /54-55%/ });
    expect(
      within(band)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["34 / 40", "54.5%", "55.9%41.0–68.0%"]);
    // Bands without calls are left out (the caption says so).
    expect(
      within(bands)
        .getAllByRole("rowheader")
        .map((c) => c.textContent),
    ).toEqual(["52-53%", "54-55%", "60% and above"]);
    expect(within(bands).getByText(/bands without calls are left out/)).toBeTruthy();
    const deciles = screen.getByRole("table", { name: "By decile" });
    expect(within(deciles).getByRole("rowheader", { name: "Decile 10" })).toBeTruthy();
    const years = screen.getByRole("table", { name: "By year" });
    expect(
      within(years)
        .getAllByRole("rowheader")
        .map((c) => c.textContent),
    ).toEqual(["2022", "2023"]);
  });

  test("the calibration chart and the cumulative line against the universe have accessible names", () => {
    show();
    expect(
      screen.getByRole("img", {
        name: "Stated probability against how often the stated event happened, with 95% intervals",
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole("img", {
        name: "Cumulative total return of the recommendations against the universe's average: 5.0% against 3.0% by 2022-11-11",
      }),
    ).toBeTruthy();
  });

  test("without resolved calls or deciles it says so instead of drawing empty charts", () => {
    show({
      ...performance,
      resolved: 0,
      observedRate: null,
      observedLow: null,
      observedHigh: null,
      bands: performance.bands.map((b) => ({ ...b, resolved: 0, observedRate: null, meanProbability: null })),
      deciles: [],
      cumulative: [],
    });
    expect(screen.getByText("No resolved calls with a stated probability yet.")).toBeTruthy();
    expect(screen.getByText("Not enough resolved calls yet.")).toBeTruthy();
    expect(screen.getByText("No calls with a decile yet.")).toBeTruthy();
  });
});
