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
  observedRateBaseline: resolved ? 0.49 : null,
  observedMinusBaseline: resolved ? happened / resolved - 0.49 : null,
  observedMinusBaselineLow: resolved ? -0.1 : null,
  observedMinusBaselineHigh: resolved ? 0.2 : null,
});

function replayed(
  year: number,
  calls: number,
  rate: number | null,
  baseline: number | null,
  difference: number | null,
  interval: [number, number] | null,
) {
  return {
    year,
    period: calls ? { from: `${year}-01-05`, to: `${year}-12-28` } : { from: null, to: null },
    dates: calls / 10,
    calls,
    beatMedian: rate === null ? 0 : Math.round(rate * calls),
    rate,
    low: rate,
    high: rate,
    baseline,
    difference,
    differenceLow: interval?.[0] ?? null,
    differenceHigh: interval?.[1] ?? null,
  };
}

function figures(auc: number, spread: number, t: number) {
  return {
    samples: 113285,
    dates: 683,
    baseRate: 0.4998,
    auc,
    brier: 0.24988,
    brierBase: 0.25,
    decileSpread: {
      annualised: spread,
      tNeweyWest: t,
      tHansenHodrick: t,
      tConservative: t,
      lag: 12,
      dates: 683,
    },
  };
}

const performance: Performance = {
  asOf: "2023-10-27",
  method: "Scored against the median total return of the universe.",
  provenance: "simulated",
  live: {
    count: 0,
    open: 0,
    resolved: 0,
    happened: 0,
    rate: null,
    low: null,
    high: null,
    baseline: null,
    difference: null,
    differenceLow: null,
    differenceHigh: null,
  },
  evidence: {
    rule: "Each sample date, the 10 best-ranked BUY calls.",
    designChoice: "The model's design was chosen on these same years, 2010-2023 (see Designs tried).",
    horizonDays: 60,
    intervalLag: 12,
    years: [
      replayed(2014, 0, null, null, null, null),
      replayed(2022, 500, 0.55, 0.52, 0.031, [-0.17, 0.232]),
      replayed(2023, 290, 0.66, 0.49, 0.172, [0.1, 0.244]),
    ],
    survivorshipFree: {
      ...replayed(2015, 1470, 0.5, 0.502, -0.002, [-0.05, 0.046]),
      period: { from: "2015-01-05", to: "2017-11-27" },
      demoSameDates: replayed(2015, 1500, 0.54, 0.5, 0.04, [-0.01, 0.09]),
    },
  },
  count: 60,
  open: 10,
  resolved: 50,
  happened: 28,
  observedRate: 0.56,
  observedLow: 0.422,
  observedHigh: 0.689,
  observedRateBaseline: 0.49,
  observedMinusBaseline: 0.07,
  observedMinusBaselineLow: -0.002,
  observedMinusBaselineHigh: 0.146,
  intervalLag: 12,
  meanProbability: 0.571,
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
  basket: {
    calls: 30,
    resolved: 20,
    beatMedian: 11,
    beatMedianRate: 0.55,
    beatMedianLow: 0.41,
    beatMedianHigh: 0.69,
    beatMedianRateBaseline: 0.5,
    beatMedianMinusBaseline: 0.05,
    beatMedianMinusBaselineLow: -0.09,
    beatMedianMinusBaselineHigh: 0.19,
    dates: [
      {
        date: "2022-11-04",
        calls: 10,
        resolved: 10,
        beatMedian: 6,
        beatMedianRate: 0.6,
        beatMedianRateBaseline: 0.52,
      },
      {
        date: "2022-11-11",
        calls: 10,
        resolved: 10,
        beatMedian: 5,
        beatMedianRate: 0.5,
        beatMedianRateBaseline: 0.48,
      },
      {
        date: "2023-10-20",
        calls: 10,
        resolved: 0,
        beatMedian: 0,
        beatMedianRate: null,
        beatMedianRateBaseline: null,
      },
    ],
  },
  editorsPicks: {
    count: 3,
    open: 1,
    resolved: 2,
    beatMedian: 1,
    beatMedianRate: 0.5,
    beatMedianRateBaseline: 0.47,
    meanEditorConfidence: 85,
  },
  cumulative: [
    { date: "2022-11-04", openCalls: 0, callsValue: 1, universeValue: 1 },
    { date: "2022-11-07", openCalls: 8, callsValue: 1.02, universeValue: 1.01 },
    { date: "2022-11-08", openCalls: 8, callsValue: 1.05, universeValue: 1.03 },
  ],
  model: {
    protocol: "Walk-forward.",
    period: { from: "2010-01-08", to: "2023-10-23" },
    horizonDays: 60,
    designsTried: 25,
    hurdleT: 3.09,
    edgeSignificant: false,
    edgeRule: "Significant only when both sets agree.",
    clearsHurdleOnDemo: false,
    confirmationT: 1.96,
    confirmedSurvivorshipFree: false,
    ...figures(0.5146, 0.052, 2.38),
    survivorshipFree: {
      period: { from: "2014-03-03", to: "2017-11-27" },
      ...figures(0.5104, 0.039, 1.61),
      demoSameDates: figures(0.5121, 0.061, 1.2),
    },
    recent: { fromYear: 2022, toYear: 2023, ...figures(0.5052, -0.012, -0.1) },
    calibrationByYear: [
      { year: 2022, stated: 0.514, observed: 0.512, n: 10450 },
      { year: 2023, stated: 0.512, observed: 0.538, n: 6061 },
    ],
    intervalCoverageByVolatility: [1, 2, 3, 4, 5].map((fifth) => ({
      fifth,
      n: 22000,
      coverage: 0.78 + fifth / 100,
    })),
    rangeCoverageHeldBack: {
      period: { from: "2016-01-08", to: "2017-11-27" },
      target: { low: 0.77, high: 0.83 },
      targetMet: false,
      byVolatility: [1, 2, 3, 4, 5].map((fifth) => ({
        fifth,
        n: 9000,
        coverage: 0.74 + fifth / 100,
        below: 0.14 - fifth / 100,
        above: 0.12,
      })),
    },
    spreadWithinVolatilityFifths: {
      annualised: 0.021,
      tNeweyWest: 1.1,
      tHansenHodrick: 1.1,
      tConservative: 1.1,
      lag: 12,
      dates: 683,
    },
    topDecileBeatRate: 0.532,
    topDecileBeatRateBaseline: 0.5,
    bottomDecileBeatRate: 0.487,
    bottomDecileBeatRateBaseline: 0.5,
    effects: [
      {
        name: "low 60-day volatility",
        literature: "calmer stocks beat riskier ones",
        demo: {
          annualised: -0.093,
          tNeweyWest: -1.9,
          tHansenHodrick: -1.9,
          tConservative: -1.9,
          lag: 12,
          dates: 683,
        },
        survivorshipFree: {
          annualised: 0.02,
          tNeweyWest: 0.28,
          tHansenHodrick: 0.28,
          tConservative: 0.28,
          lag: 12,
          dates: 195,
        },
      },
    ],
    designs: [{ name: "point in time", when: "the point-in-time rebuild", result: "served" }],
    survivorshipLeft: "The demo set holds only the companies still in the index in 2023.",
  },
};

const show = (p: Performance = performance) =>
  render(
    <MantineProvider theme={theme}>
      <TrackRecordView performance={p} />
    </MantineProvider>,
  );

describe("track record view", () => {
  test("the first sentence says the record is simulated; live calls are reported apart", () => {
    show();
    const lead = screen.getByTestId("provenance-lead");
    expect(lead.textContent).toBe(
      "Every call below is simulated: made by the seed for past dates, with a design chosen knowing those dates' outcomes. No one could have acted on them.",
    );
    // The lead is the first text of the record, before the method and the figures.
    const view = lead.parentElement!;
    expect(view.firstElementChild).toBe(lead);
    expect(screen.getByText(/No live calls yet/)).toBeTruthy();
  });

  test("beside the simulated record: every walk-forward year, the survivorship-free record, the design's years", () => {
    show();
    // The headline says how the yearly difference ranged, so one strong year reads as one year.
    expect(
      screen.getByText(
        /Over the 2 walk-forward years with calls, the same rule's yearly difference from random stocks of the same risk ranged from \+3\.1 to \+17\.2 points\./,
      ),
    ).toBeTruthy();
    const section = screen.getByRole("region", {
      name: "The same rule in every year, and without survivorship",
    });
    expect(within(section).getByText(/chosen on these same years, 2010-2023/)).toBeTruthy();
    expect(
      within(section).getByText(
        /On the survivorship-free set \(2015-2017, .*risk: -0\.2 points \(95%: -5\.0 to \+4\.6\)\. The demo set over the same dates: \+4\.0 points\./,
      ),
    ).toBeTruthy();
    const table = within(section).getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "YearCallsBeat the medianSame riskDifference (95%)",
      "2014none———",
      "2022 (seeded)50055.0%52.0%+3.1 points-17.0 to +23.2",
      "2023 (seeded)29066.0%49.0%+17.2 points+10.0 to +24.4",
    ]);
  });

  test("totals: the stated event's observed rate with its 95% interval, returns against the universe", () => {
    show();
    // Every recommendation is counted; the figures below are the model's calls only.
    const total = screen.getByText("Recommendations").parentElement!;
    expect(within(total).getByText("63")).toBeTruthy();
    expect(within(total).getByText("60 simulated and 0 live by the model, 3 editor's picks")).toBeTruthy();
    const stat = screen.getByText("Stated event happened").parentElement!;
    expect(within(stat).getByText("56.0%")).toBeTruthy();
    expect(within(stat).getByText("95%: 42.2% to 68.9%")).toBeTruthy();
    const returns = screen.getByText("Average total return").parentElement!;
    expect(within(returns).getByText("+3.1%")).toBeTruthy();
    expect(within(returns).getByText("Universe +1.8%, excess +1.3%")).toBeTruthy();
    expect(
      screen.getByText(/Scored against the median total return of the universe\. Scored as of Oct 27, 2023/),
    ).toBeTruthy();
    // Each rate beside its baseline: random stocks of the same date and risk.
    expect(
      screen.getByText(
        "56.0% of the model's simulated calls did what they stated (beat the median stock, or for the lower half trail it); random stocks of the same risk: 49.0%.",
      ),
    ).toBeTruthy();
    const baseline = screen.getByText("Random stocks of the same risk").parentElement!;
    expect(within(baseline).getByText("49.0%")).toBeTruthy();
    expect(within(baseline).getByText("Difference +7.0 points (95%: -0.2 to +14.6)")).toBeTruthy();
    // The raw target hit rate has no baseline, so it is not shown (docs/decisions/013).
    expect(screen.queryByText(/Hit rate/i)).toBeNull();
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
    ).toEqual(["34 / 40", "54.5%", "55.9%41.0–68.0%", "49.0%"]);
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
        name: "Stated probability against how often the stated event happened, with 95% intervals, beside random stocks of the same risk",
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole("img", {
        name: "Cumulative total return of the recommendations against the universe's average: $1 held in the open calls from 2022-11-04 was worth $1.05 on 2022-11-08, $1 held in the universe $1.03",
      }),
    ).toBeTruthy();
    expect(screen.getByText("By Nov 8, 2022: $1.05 in the calls, $1.03 in the universe")).toBeTruthy();
  });

  test("the top-decile basket per date, newest first, beside random stocks of the same risk", () => {
    show();
    const section = screen.getByRole("region", { name: "Top-decile basket, date by date" });
    expect(
      within(section).getByText(
        "55.0% of the model's BUY calls beat the median stock; random stocks of the same risk: 50.0%. Difference +5.0 points (95%: -9.0 to +19.0); 11 of 20 resolved calls over 2 dates, 95%: 41.0% to 69.0%.",
      ),
    ).toBeTruthy();
    const table = within(section).getByRole("table", { name: "Top-decile basket, date by date" });
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ["Oct 20, 2023", "10", "open", "—"],
      ["Nov 11, 2022", "10", "5 of 10", "48.0%"],
      ["Nov 4, 2022", "10", "6 of 10", "52.0%"],
    ]);
  });

  test("editor's picks are reported apart, as the editors' calls, never as a calibrated probability", () => {
    show();
    const section = screen.getByRole("region", { name: "Editor's picks" });
    expect(within(section).getByText(/not a calibrated probability/)).toBeTruthy();
    expect(within(section).getByText(/kept out of every figure of the model/)).toBeTruthy();
    expect(
      within(section).getByText(
        "3 picks, 2 resolved: 1 beat the median stock (50.0%); random stocks of the same risk: 47.0%. The editors' mean confidence: 85.",
      ),
    ).toBeTruthy();
    expect(within(section).queryByText(/CONFIDENCE/)).toBeNull();
  });

  test("the model's out-of-sample record: point in time, survivorship-free beside it, and the hurdle", () => {
    show();
    const section = screen.getByRole("region", {
      name: "How the model did before these calls (walk-forward 2010-2023)",
    });
    const headline = within(section).getByRole("table", { name: /^Headline figures/ });
    const cells = (name: RegExp) =>
      within(within(headline).getByRole("row", { name }))
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(/AUC/)).toEqual(["0.515", "0.505", "0.510", "0.512"]);
    expect(cells(/Top minus bottom/)).toEqual([
      "+5.2% a year (t 2.38)",
      "-1.2% a year (t -0.10)",
      "+3.9% a year (t 1.61)",
      "+6.1% a year (t 1.20)",
    ]);
    // Below the hurdle for the designs tried: said plainly.
    expect(within(section).getByText(/No proven edge: 25 designs and variants were tried/)).toBeTruthy();
    const coverage = within(section).getByRole("table", {
      name: /range fitted to hold 80% of outcomes \(10th to 90th percentile\), on survivorship-free dates held back/,
    });
    expect(within(coverage).getAllByRole("row")).toHaveLength(6);
    // The held-back years' shares inside, below and above, and plainly whether every fifth is within the target.
    expect(
      within(within(coverage).getByRole("row", { name: /^5 / }))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["9,000", "79.0%", "9.0%", "12.0%"]);
    expect(within(coverage).getByText(/2016-2017/)).toBeTruthy();
    expect(within(coverage).getByText(/not every fifth is within 77\.0%-83\.0%/)).toBeTruthy();
    expect(within(section).getByText(/still in the index in 2023/)).toBeTruthy();
  });

  test("clearing the hurdle on the demo set alone is not proven; with the survivorship-free set it is", () => {
    show({
      ...performance,
      model: {
        ...performance.model,
        clearsHurdleOnDemo: true,
        decileSpread: { ...performance.model.decileSpread, tNeweyWest: 3.5, tConservative: 3.5 },
      },
    });
    expect(
      screen.getByText(
        /Not proven: .* clears the bar for the 25 designs and variants tried .* does not confirm it \(t 1\.61, below 1\.96\)/,
      ),
    ).toBeTruthy();
    cleanup();
    show({
      ...performance,
      model: {
        ...performance.model,
        edgeSignificant: true,
        clearsHurdleOnDemo: true,
        confirmedSurvivorshipFree: true,
        decileSpread: { ...performance.model.decileSpread, tNeweyWest: 3.5, tConservative: 3.5 },
      },
    });
    expect(
      screen.getByText(/and the survivorship-free test confirms it \(t 1\.61\): a small edge/),
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
      basket: { ...performance.basket, resolved: 0, dates: [] },
      editorsPicks: { ...performance.editorsPicks, count: 0, resolved: 0 },
    });
    expect(screen.getByText("No resolved calls with a stated probability yet.")).toBeTruthy();
    expect(screen.getByText("No call has been held for a full session yet.")).toBeTruthy();
    expect(screen.getByText("No calls with a decile yet.")).toBeTruthy();
    expect(screen.getByText("No BUY call has reached its target date yet.")).toBeTruthy();
    expect(screen.getByText("No editor's picks in this record.")).toBeTruthy();
  });
});

describe("track record numbers follow the one rounding rule (decision 083)", () => {
  test("a difference beside its two figures is taken between the figures as shown", () => {
    show({
      ...performance,
      // 56.46% against 49.04%: shown 56.5% and 49.0%, so +7.5 points (7.42 unrounded would say +7.4).
      observedRate: 0.5646,
      observedRateBaseline: 0.4904,
      observedMinusBaseline: 0.0742,
      // +3.14% against +1.85%: shown +3.1% and +1.9%, excess +1.2% (1.29 unrounded would say +1.3%).
      averageReturn: 0.0314,
      averageUniverseReturn: 0.0185,
      averageExcessReturn: 0.0129,
    });
    const baseline = screen.getByText("Random stocks of the same risk").parentElement!;
    expect(within(baseline).getByText("49.0%")).toBeTruthy();
    expect(within(baseline).getByText(/^Difference \+7\.5 points/)).toBeTruthy();
    const returns = screen.getByText("Average total return").parentElement!;
    expect(within(returns).getByText("+3.1%")).toBeTruthy();
    expect(within(returns).getByText("Universe +1.9%, excess +1.2%")).toBeTruthy();
  });
});
