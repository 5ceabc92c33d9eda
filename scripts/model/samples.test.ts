import { beforeAll, describe, expect, test } from "bun:test";
import type { Bar } from "../../api/analysis/features.ts";
import { isMemberOn } from "../../api/analysis/index-membership.ts";
import {
  buildSamples,
  HORIZON,
  isCalibration,
  isTraining,
  loadHistory,
  splitFor,
  volatilityNeutralLabels,
} from "./samples.ts";

let history: Map<string, Bar[]>;
beforeAll(async () => {
  const all = await loadHistory();
  // Forty stocks and the index keep the test quick; the rules are the same for all 209.
  history = new Map([...all].filter(([s], k) => s === "^GSPC" || k < 40));
});

const DATES = ["2015-06-01", "2015-06-08"];
const cut = (date: string) =>
  new Map([...history].map(([s, bars]) => [s, bars.filter((b) => b.date <= date)] as const));

describe("training samples: each date's index members only", () => {
  test("a stock that joined the index later is neither a sample nor a peer before it joined", async () => {
    const all = await loadHistory();
    // TSLA joined the S&P 500 on 2020-12-21.
    const before = buildSamples(all, ["2020-12-14"]);
    const after = buildSamples(all, ["2020-12-28"]);
    expect(before.some((s) => s.symbol === "TSLA")).toBe(false);
    expect(after.some((s) => s.symbol === "TSLA")).toBe(true);
    expect(before.every((s) => isMemberOn(s.symbol, s.date))).toBe(true);
  });

  test("a stock whose prices end inside the horizon counts with its return to its last close", () => {
    const bars = history.get("^GSPC")!;
    const some = [...history.keys()].find((s) => s !== "^GSPC" && isMemberOn(s, "2015-06-01"))!;
    const cutAt = bars.findIndex((b) => b.date === "2015-06-01") + 10;
    const dead = new Map(history);
    dead.set(
      some,
      history.get(some)!.filter((b) => b.date <= bars[cutAt]!.date),
    );
    const [sample] = buildSamples(dead, ["2015-06-01"]).filter((s) => s.symbol === some);
    const own = dead.get(some)!;
    const at = own.findIndex((b) => b.date === "2015-06-01");
    expect(sample!.forward).toBeCloseTo(own.at(-1)!.adjClose / own[at]!.adjClose - 1, 12);
    expect(sample!.labelDate).toBe(bars[bars.findIndex((b) => b.date === "2015-06-01") + HORIZON]!.date);
  });
});

describe("training samples: no look-ahead", () => {
  test("features use nothing after their date; labels nothing after the horizon", () => {
    const full = buildSamples(history, DATES);
    expect(full.length).toBeGreaterThan(40);
    const upToDate = buildSamples(cut(DATES[1]!), DATES);
    expect(upToDate.map((s) => s.x)).toEqual(full.map((s) => s.x));
    expect(upToDate.every((s) => s.label === null && s.forward === null)).toBe(true);

    const labelEnd = full
      .map((s) => s.labelDate!)
      .sort()
      .at(-1)!;
    const upToLabels = buildSamples(cut(labelEnd), DATES);
    expect(upToLabels).toEqual(full);
  });

  test("a label is the place of the 60-session total return among the date's returns", () => {
    const [date] = DATES;
    const samples = buildSamples(history, [date!]);
    const best = samples.reduce((a, b) => (b.forward! > a.forward! ? b : a));
    expect(best.label).toBe(1);
    const bars = history.get(best.symbol)!;
    const i = bars.findIndex((b) => b.date === date);
    expect(best.forward).toBeCloseTo(bars[i + HORIZON]!.adjClose / bars[i]!.adjClose - 1, 12);
    expect(best.labelDate).toBe(bars[i + HORIZON]!.date);
  });

  test("the split of each year's model: training labels end before calibration, calibration before the year", () => {
    const samples = buildSamples(history, [
      "2012-10-01",
      "2012-12-03",
      "2013-03-01",
      "2013-09-03",
      "2013-11-01",
    ]);
    const split = splitFor(2014);
    const training = samples.filter((s) => isTraining(s, split));
    const calibration = samples.filter((s) => isCalibration(s, split));
    expect(training.length).toBeGreaterThan(0);
    expect(calibration.length).toBeGreaterThan(0);
    expect(training.every((s) => s.labelDate! <= "2012-12-31")).toBe(true);
    expect(calibration.every((s) => s.date >= "2013-01-01" && s.labelDate! <= "2013-12-31")).toBe(true);
    // 2013-11-01's label ends in 2014, after the calibration year: it is not evidence for the 2014 model.
    expect(calibration.some((s) => s.date === "2013-11-01")).toBe(false);
  });
});

describe("the training label (decision 067, design 3)", () => {
  test("the place of the forward return among the date's members of the same volatility fifth", () => {
    const samples = buildSamples(history, ["2015-06-01"]);
    const y = volatilityNeutralLabels(samples);
    const order = samples
      .map((_, k) => k)
      .sort((a, b) => samples[a]!.raw.vol_60d - samples[b]!.raw.vol_60d || a - b);
    const calmest = order
      .slice(0, Math.ceil(samples.length / 5))
      .filter((k) => Math.floor((order.indexOf(k) * 5) / samples.length) === 0);
    const best = calmest.reduce((a, k) => (samples[k]!.forward! > samples[a]!.forward! ? k : a));
    const worst = calmest.reduce((a, k) => (samples[k]!.forward! < samples[a]!.forward! ? k : a));
    expect(y[best]).toBe(1);
    expect(y[worst]).toBe(0);
    expect([...y].every((v) => v >= 0 && v <= 1)).toBe(true);
  });
});
