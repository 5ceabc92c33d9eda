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

function figures(auc: number, top: number, bottom: number, spread: number, t: number) {
  return {
    samples: 136163,
    dates: 683,
    auc,
    brier: 0.24972,
    brierBase: 0.25,
    ece: 0.0064,
    meanCalibrationGap: 0.0148,
    decileSpread: { annualised: spread, t, periods: 57 },
    topDecileBeatRate: top,
    bottomDecileBeatRate: bottom,
  };
}

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
    { date: "2022-11-04", openCalls: 0, callsValue: 1, universeValue: 1 },
    { date: "2022-11-07", openCalls: 8, callsValue: 1.02, universeValue: 1.01 },
    { date: "2022-11-08", openCalls: 8, callsValue: 1.05, universeValue: 1.03 },
  ],
  model: {
    protocol: "Walk-forward.",
    period: { from: "2010-01-08", to: "2023-10-23" },
    designsTried: 24,
    horizonDays: 60,
    ...figures(0.5207, 0.552, 0.467, 0.133, 3.29),
    recent: { fromYear: 2022, toYear: 2023, ...figures(0.5202, 0.519, 0.486, -0.012, -0.1) },
    calibrationByYear: [
      { year: 2022, stated: 0.514, observed: 0.512, n: 10450 },
      { year: 2023, stated: 0.512, observed: 0.538, n: 6061 },
    ],
    survivorship: {
      meanDifference2005to2013: 0.106,
      meanDifference2014to2022: 0.061,
      effects: [
        {
          name: "low volatility",
          literature: "low-volatility stocks beat high",
          spread: { annualised: -0.184, t: -2.93, periods: 57 },
          recent: { annualised: -0.012, t: -0.06, periods: 7 },
          flippedSign: true,
        },
        {
          name: "12-1 month momentum",
          literature: "winners beat losers",
          spread: { annualised: 0.007, t: 0.15, periods: 57 },
          recent: { annualised: -0.181, t: -0.92, periods: 7 },
          flippedSign: false,
        },
      ],
    },
  },
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
    // The benchmark is the universe's median, never the S&P 500 (which appears only in the survivorship note).
    expect(screen.queryByText(/(beats?|against) the S&P 500/)).toBeNull();
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

  test("the calibration chart and the growth of $1 in the calls against the universe have accessible names", () => {
    show();
    expect(
      screen.getByRole("img", {
        name: "Stated probability against how often the stated event happened, with 95% intervals",
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole("img", {
        name: "Cumulative total return of the recommendations against the universe's average: $1 held in the open calls from 2022-11-04 was worth $1.05 on 2022-11-08, $1 held in the universe $1.03",
      }),
    ).toBeTruthy();
    expect(screen.getByText("By Nov 8, 2022: $1.05 in the calls, $1.03 in the universe")).toBeTruthy();
  });

  test("the model's out-of-sample record is on the page, with its weak recent years and survivorship", () => {
    show();
    const section = screen.getByRole("region", {
      name: "How the model did before these calls (walk-forward 2010-2023)",
    });
    const headline = within(section).getByRole("table", {
      name: /^Headline figures, 2010-2023 and 2022-2023/,
    });
    const cells = (name: RegExp) =>
      within(within(headline).getByRole("row", { name }))
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(/AUC/)).toEqual(["0.521", "0.520"]);
    expect(cells(/Brier/)).toEqual(["0.24972 (base 0.25000)", "0.24972 (base 0.25000)"]);
    expect(cells(/Top decile/)).toEqual(["55.2%", "51.9%"]);
    expect(cells(/Bottom decile/)).toEqual(["46.7%", "48.6%"]);
    expect(cells(/Top minus bottom/)).toEqual([
      "+13.3% a year (t 3.29, 57 periods)",
      "-1.2% a year (t -0.1, 57 periods)",
    ]);
    // The recent years' verdict follows the figures: a t of -0.1 is no edge.
    expect(within(section).getByText(/did not show in the last years of the data/)).toBeTruthy();
    const years = within(section).getByRole("table", { name: /^Stated against observed, by year/ });
    expect(
      within(years)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["202210,45051.4%51.2%", "20236,06151.2%53.8%"]);
    // Survivorship: today's members, the difference it makes, and the effects whose sign flips here.
    expect(within(section).getByText(/\+10\.6% a year in 2005-2013 and \+6\.1% in 2014-2022/)).toBeTruthy();
    expect(
      within(section).getByText(/low volatility has the opposite sign to the published studies/),
    ).toBeTruthy();
    const effects = within(section).getByRole("table", { name: /^Published effects inside this universe/ });
    expect(
      within(within(effects).getByRole("row", { name: /low volatility/ }))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["-18.4% (t -2.93)", "flipped"]);
    expect(
      within(within(effects).getByRole("row", { name: /momentum/ }))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["+0.7% (t 0.15)", "as published"]);
  });

  test("a recent spread with a large t says the edge held", () => {
    show({
      ...performance,
      model: {
        ...performance.model,
        recent: { ...performance.model.recent, decileSpread: { annualised: 0.1, t: 2.5, periods: 7 } },
      },
    });
    expect(screen.getByText(/The edge held in the last years of the data/)).toBeTruthy();
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
    expect(screen.getByText("No call has been held for a full session yet.")).toBeTruthy();
    expect(screen.getByText("No calls with a decile yet.")).toBeTruthy();
  });
});
