// The analysis model's samples, built the same way for training (scripts/train-model.ts) and for the model card
// (scripts/evaluate-model.ts): features as of a session, label from the session HORIZON later, split by date.
import { type Bar, FEATURE_NAMES, type FeatureVector, featureSeries } from "../../api/analysis/features.ts";
import { BENCHMARK } from "../../api/market/demo-import.ts";
import { readDemoMarketFiles } from "../../api/runtime/demo-market-files.ts";

/** Trading days between the analysis date and the label date. */
export const HORIZON = 20;
/** One sample every STEP sessions per stock. */
export const STEP = 5;
/** Walk-forward split by date, as committed in model.json's `splits`. */
export const SPLITS = {
  trainEnd: "2020-12-31",
  calibrationStart: "2021-01-01",
  calibrationEnd: "2021-12-31",
  testStart: "2022-01-01",
  testEnd: "2023-10-27",
};

/** Sessions in the 12-1 momentum baseline's lookback and in the month it skips (as in the features). */
const MOMENTUM_FROM = 252;
const MOMENTUM_SKIP = 21;

export interface Sample {
  date: string;
  labelDate: string;
  features: FeatureVector;
  /** The features in FEATURE_NAMES order. */
  x: number[];
  /** 1 when the stock's total return beat the index's over the horizon. */
  up: number;
  /** Excess return over the index over the horizon. */
  forward: number;
  /** 12-1 month momentum: the return from 252 to 21 sessions before the date (the features need 253 sessions). */
  momentum12to1: number;
}

export interface SampleSet {
  /** Bars per symbol, oldest first, including the benchmark. */
  series: Map<string, Bar[]>;
  samples: Sample[];
  /** Samples whose label date is on or before the end of training. */
  train: Sample[];
  /** Samples dated in the calibration year whose label is also known within it. */
  calibration: Sample[];
  /** Samples from the start of the test period on. */
  test: Sample[];
}

/** Reads the bundled demo market and builds every sample with its split. Deterministic. */
export async function buildSamples(): Promise<SampleSet> {
  const { pricesCsv } = await readDemoMarketFiles();
  const series = new Map<string, Bar[]>();
  for (const line of pricesCsv.split("\n").slice(1)) {
    if (!line) continue;
    const [symbol, date, , high, low, close, adjClose, volume] = line.split(",");
    const bars = series.get(symbol!) ?? [];
    bars.push({
      date: date!,
      high: +high!,
      low: +low!,
      close: +close!,
      adjClose: +adjClose!,
      volume: +volume!,
    });
    series.set(symbol!, bars);
  }
  const benchmark = new Map((series.get(BENCHMARK) ?? []).map((b) => [b.date, b.adjClose]));

  const samples: Sample[] = [];
  for (const [symbol, bars] of series) {
    if (symbol === BENCHMARK) continue;
    const features = featureSeries(bars, benchmark);
    for (let i = 0; i + HORIZON < bars.length; i += STEP) {
      const f = features[i];
      if (!f) continue;
      const forward = bars[i + HORIZON]!.adjClose / bars[i]!.adjClose - 1;
      const benchStart = benchmark.get(bars[i]!.date);
      const benchEnd = benchmark.get(bars[i + HORIZON]!.date);
      if (!benchStart || !benchEnd) continue;
      const excess = forward - (benchEnd / benchStart - 1);
      samples.push({
        date: bars[i]!.date,
        labelDate: bars[i + HORIZON]!.date,
        features: f,
        x: FEATURE_NAMES.map((n) => f[n]),
        up: excess > 0 ? 1 : 0,
        forward: excess,
        momentum12to1: bars[i - MOMENTUM_SKIP]!.adjClose / bars[i - MOMENTUM_FROM]!.adjClose - 1,
      });
    }
  }
  return {
    series,
    samples,
    train: samples.filter((s) => s.labelDate <= SPLITS.trainEnd),
    calibration: samples.filter(
      (s) => s.date >= SPLITS.calibrationStart && s.labelDate <= SPLITS.calibrationEnd,
    ),
    test: samples.filter((s) => s.date >= SPLITS.testStart),
  };
}
