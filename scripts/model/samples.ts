// The ranking model's samples, built the same way for training (scripts/train-model.ts), evaluation
// (scripts/evaluate-model.ts) and the no-look-ahead tests: on every STEP-th session of the index, each of that
// date's index members (point in time: api/analysis/index-membership.ts) with its features as of that session ranked
// across the date's members (api/analysis/cross-section.ts), and its total return over the next HORIZON sessions
// placed within the same members' returns. A stock outside the index that day is neither a sample nor a peer.
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { type CrossSectionRow, positionsWithin, universeInputs } from "../../api/analysis/cross-section.ts";
import {
  type Bar,
  marketFeaturesAt,
  type StockFeatures,
  stockFeaturesAt,
} from "../../api/analysis/features.ts";
import { isMemberOn } from "../../api/analysis/index-membership.ts";
import { BENCHMARK } from "../../api/market/benchmark.ts";
import { priceRows } from "../../api/market/demo-import.ts";

/** Trading sessions between a sample's date and its label (about three months). */
export const HORIZON = 60;
/** One sample date every STEP sessions of the index. */
export const STEP = 5;
/** The bundled history: the demo market's ten years and the ten before them (data/README.md). */
const FILES = ["../../data/history/prices-before-2013-10-28.csv.gz", "../../data/market/prices.csv.gz"];

export interface Sample {
  date: string;
  symbol: string;
  /** Model inputs in FEATURE_NAMES order. */
  x: number[];
  /** The stock's raw features (for single-factor baselines and survivorship checks). */
  raw: StockFeatures;
  /** Total return over the horizon, the date its label is known, and where it stands within the date: null when the horizon has not passed. */
  forward: number | null;
  labelDate: string | null;
  /** Place of the forward return among the date's returns, in [0, 1] (the training label). */
  label: number | null;
  /** Forward return minus the date's median forward return; positive means it beat the median. */
  excess: number | null;
}

/** Bars per symbol, oldest first, from the bundled history files. */
export async function loadHistory(files: readonly string[] = FILES): Promise<Map<string, Bar[]>> {
  const series = new Map<string, Bar[]>();
  for (const file of files) {
    const gz = await Bun.file(join(import.meta.dir, file)).arrayBuffer();
    const text = gunzipSync(new Uint8Array(gz)).toString("utf8");
    for (const [symbol, date, , high, low, close, adjClose, volume] of priceRows(text)) {
      let bars = series.get(symbol!);
      if (!bars) {
        bars = [];
        series.set(symbol!, bars);
      }
      bars.push({
        date: date!,
        high: +high!,
        low: +low!,
        close: +close!,
        adjClose: +adjClose!,
        volume: +volume!,
      });
    }
  }
  return series;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface SampleOptions {
  /** Who is in the universe on a date (default: the S&P 500's members that day). */
  isMember?: (symbol: string, date: string) => boolean;
  /** The index series for the market features and the sample dates (default: the history's own ^GSPC). */
  index?: readonly Bar[];
  /**
   * The last date the price file covers (default: the index's last session). A stock whose prices end before it
   * stopped trading: inside the horizon it counts with its return to its last close, known at the horizon's end.
   */
  dataEnd?: string;
}

/**
 * Every sample of the history, sorted by date then symbol: on each date, that date's index members only. Features
 * use sessions up to the date only; the label uses the session HORIZON later. `sampleDates` limits the dates
 * (default: every STEP-th index session).
 */
export function buildSamples(
  series: ReadonlyMap<string, Bar[]>,
  sampleDates?: readonly string[],
  options: SampleOptions = {},
): Sample[] {
  const index = options.index ?? series.get(BENCHMARK);
  if (!index) throw new Error(`no ${BENCHMARK} in the history`);
  const isMember = options.isMember ?? ((symbol: string, date: string) => isMemberOn(symbol, date));
  const dataEnd = options.dataEnd ?? index.at(-1)!.date;
  const benchmark = new Map(index.map((b) => [b.date, b.adjClose]));
  const positions = new Map<string, Map<string, number>>();
  for (const [symbol, bars] of series) {
    if (symbol !== BENCHMARK) positions.set(symbol, new Map(bars.map((b, i) => [b.date, i])));
  }
  const indexAt = new Map(index.map((b, i) => [b.date, i]));
  const dates = sampleDates ?? index.filter((_, i) => i >= 253 && (i - 253) % STEP === 0).map((b) => b.date);

  const samples: Sample[] = [];
  for (const date of dates) {
    const market = marketFeaturesAt(index, indexAt.get(date) ?? -1);
    if (!market) continue;
    const rows: CrossSectionRow[] = [];
    const forwards: Array<{ forward: number; labelDate: string } | null> = [];
    const horizonEnd = index[indexAt.get(date)! + HORIZON]?.date;
    for (const [symbol, at] of positions) {
      if (!isMember(symbol, date)) continue;
      const i = at.get(date);
      if (i === undefined) continue;
      const bars = series.get(symbol)!;
      const stock = stockFeaturesAt(bars, i, benchmark);
      if (!stock) continue;
      rows.push({ symbol, stock });
      const end = bars[i + HORIZON];
      const last = bars.at(-1)!;
      if (end) forwards.push({ forward: end.adjClose / bars[i]!.adjClose - 1, labelDate: end.date });
      else if (horizonEnd && horizonEnd <= dataEnd && last.date < dataEnd && last.date < horizonEnd)
        // Stopped trading inside the horizon (delisted, acquired): its return to its last close.
        forwards.push({ forward: last.adjClose / bars[i]!.adjClose - 1, labelDate: horizonEnd });
      else forwards.push(null);
    }
    if (rows.length < 20) continue;
    const inputs = universeInputs(rows, market);
    const known = forwards.filter((f) => f !== null).map((f) => f.forward);
    const labels = positionsWithin(known);
    const mid = known.length ? median(known) : 0;
    let k = 0;
    rows.forEach((row, r) => {
      const f = forwards[r];
      samples.push({
        date,
        symbol: row.symbol,
        x: inputs[r]!,
        raw: row.stock,
        forward: f?.forward ?? null,
        labelDate: f?.labelDate ?? null,
        label: f ? labels[k++]! : null,
        excess: f ? f.forward - mid : null,
      });
    });
  }
  return samples.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
}

/**
 * The training label of each sample (design 3 of docs/decisions/067-design-budget.md): the place of its forward
 * return among the members of its date in the same volatility fifth (vol_60d), 0 to 1; NaN when the outcome is not
 * known. Ranking stocks of similar risk keeps the model from learning a bet on volatility itself.
 */
export function volatilityNeutralLabels(samples: readonly Sample[]): Float32Array {
  const y = new Float32Array(samples.length).fill(Number.NaN);
  const byDate = new Map<string, number[]>();
  samples.forEach((s, k) => {
    if (s.forward === null) return;
    const list = byDate.get(s.date) ?? [];
    list.push(k);
    byDate.set(s.date, list);
  });
  for (const ks of byDate.values()) {
    const sorted = [...ks].sort((a, b) => samples[a]!.raw.vol_60d - samples[b]!.raw.vol_60d || a - b);
    for (let fifth = 0; fifth < 5; fifth++) {
      const group = sorted.filter((_, r) => Math.floor((r * 5) / sorted.length) === fifth);
      const places = positionsWithin(group.map((k) => samples[k]!.forward!));
      group.forEach((k, j) => {
        y[k] = places[j]!;
      });
    }
  }
  return y;
}

/** The walk-forward split of the model that serves `year`: what it may train on and calibrate with. */
export function splitFor(year: number) {
  return {
    trainLabelsEnd: `${year - 2}-12-31`,
    calibrationStart: `${year - 1}-01-01`,
    calibrationEnd: `${year - 1}-12-31`,
    servesFrom: `${year}-01-01`,
    servesUntil: `${year}-12-31`,
  };
}

export type Split = ReturnType<typeof splitFor>;

export const isTraining = (s: Sample, split: Split) =>
  s.labelDate !== null && s.labelDate <= split.trainLabelsEnd;
export const isCalibration = (s: Sample, split: Split) =>
  s.date >= split.calibrationStart && s.labelDate !== null && s.labelDate <= split.calibrationEnd;

/** Test years of the walk-forward evaluation, and the year the newest model serves from. */
export const FIRST_TEST_YEAR = 2010;
/** The first walk-forward model: 2007-2009 serve only as calibration evidence for later years. */
export const FIRST_MODEL_YEAR = 2007;
export const LAST_TEST_YEAR = 2023;

/** The survivorship-free test set (data/survivorship-free/, data/README.md): the dead included. Never trained on. */
export interface SurvivorshipFree {
  /** Bars per ticker of the time (prices adjusted for splits and dividends: close is the total-return series). */
  series: Map<string, Bar[]>;
  /** Ticker of the time -> the ticker the membership file lists it under. */
  aliases: Map<string, string>;
  /** The last date the file covers: a ticker whose prices end before it stopped trading. */
  dataEnd: string;
}

export async function loadSurvivorshipFree(): Promise<SurvivorshipFree> {
  const dir = join(import.meta.dir, "../../data/survivorship-free");
  const gz = await Bun.file(join(dir, "sp500-2014-2018.csv.gz")).arrayBuffer();
  const lines = gunzipSync(new Uint8Array(gz)).toString("utf8").trim().split("\n");
  const series = new Map<string, Bar[]>();
  let dataEnd = "";
  for (const line of lines.slice(1)) {
    const [date, symbol, , high, low, close, volume] = line.split(",");
    let bars = series.get(symbol!);
    if (!bars) {
      bars = [];
      series.set(symbol!, bars);
    }
    bars.push({ date: date!, high: +high!, low: +low!, close: +close!, adjClose: +close!, volume: +volume! });
    if (date! > dataEnd) dataEnd = date!;
  }
  for (const bars of series.values()) bars.sort((a, b) => a.date.localeCompare(b.date));
  const aliases = new Map<string, string>();
  const aliasText = await Bun.file(join(dir, "ticker-aliases.csv")).text();
  for (const line of aliasText.trim().split("\n").slice(1)) {
    const [symbol, member] = line.split(",").map((c) => c.trim());
    if (symbol && member) aliases.set(symbol, member);
  }
  return { series, aliases, dataEnd };
}

/** Samples of the survivorship-free set: each date's members among its tickers, market features from `index`. */
export function survivorshipFreeSamples(set: SurvivorshipFree, index: readonly Bar[]): Sample[] {
  return buildSamples(set.series, undefined, {
    index,
    dataEnd: set.dataEnd,
    isMember: (symbol, date) => isMemberOn(set.aliases.get(symbol) ?? symbol, date),
  });
}
