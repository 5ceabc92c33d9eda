// `bun scripts/model/trial-designs.ts`: the four designs of docs/decisions/067-design-budget.md, each run once
// walk-forward on the point-in-time demo set (test years 2010-2023, every year's trees trained on labels known by the
// end of Y-2, as the served models) and scored on the survivorship-free set for the record. Prints each design's
// decile spread and Newey-West t beside the served design's, and the selection rule's verdict (fixed in decision 067:
// demo t at least the hurdle for 29 designs and above the served design's; the survivorship-free set never chooses).
// Not part of the test suite: it trains 3 x 14 forests (several minutes). Deterministic.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { positionsWithin } from "../../api/analysis/cross-section.ts";
import { FEATURE_NAMES, type StockFeatureName } from "../../api/analysis/features.ts";
import { decileOf } from "../../api/analysis/ranker.ts";
import { rawScore, type Tree } from "../../api/analysis/trees.ts";
import { BENCHMARK } from "../../api/market/benchmark.ts";
import { auc, decileSpread, hurdleT, type Spread } from "./metrics.ts";
import {
  buildSamples,
  FIRST_TEST_YEAR,
  HORIZON,
  isTraining,
  LAST_TEST_YEAR,
  loadHistory,
  loadSurvivorshipFree,
  type Sample,
  STEP,
  splitFor,
  survivorshipFreeSamples,
} from "./samples.ts";
import { PARAMS, ROUNDS } from "./training-settings.ts";
import { readModels } from "./walk-forward.ts";
import { readForest } from "./xgboost-forest.ts";

const PYTHON = process.env.TRAIN_PYTHON ?? "/usr/bin/python3";
const LAG = HORIZON / STEP;
const DESIGNS_AFTER = 29;
const HURDLE = hurdleT(DESIGNS_AFTER);
const YEARS = Array.from({ length: LAST_TEST_YEAR - FIRST_TEST_YEAR + 1 }, (_, k) => FIRST_TEST_YEAR + k);
const column = (name: string) => FEATURE_NAMES.indexOf(name as StockFeatureName);

const started = performance.now();
const history = await loadHistory();
const samples = buildSamples(history);
const sf = survivorshipFreeSamples(await loadSurvivorshipFree(), history.get(BENCHMARK)!);
console.log(`${samples.length} demo and ${sf.length} survivorship-free samples`);

const byDate = (set: readonly Sample[]) => {
  const out = new Map<string, number[]>();
  set.forEach((s, k) => {
    const list = out.get(s.date) ?? [];
    list.push(k);
    out.set(s.date, list);
  });
  return out;
};

/** Labels: the place of `value` within groups of the date (`groupOf`), NaN when the outcome is not known. */
function placeLabels(
  set: readonly Sample[],
  value: (s: Sample) => number,
  groupOf: (set: readonly Sample[], ks: number[]) => number[][],
) {
  const y = new Float32Array(set.length).fill(Number.NaN);
  for (const ks of byDate(set).values()) {
    const known = ks.filter((k) => set[k]!.forward !== null);
    for (const group of groupOf(set, known)) {
      const places = positionsWithin(group.map((k) => value(set[k]!)));
      group.forEach((k, j) => {
        y[k] = places[j]!;
      });
    }
  }
  return y;
}
const wholeDate = (_: readonly Sample[], ks: number[]) => [ks];
const volatilityFifths = (set: readonly Sample[], ks: number[]) => {
  const sorted = [...ks].sort((a, b) => set[a]!.raw.vol_60d - set[b]!.raw.vol_60d || a - b);
  return [0, 1, 2, 3, 4].map((f) => sorted.filter((_, r) => Math.floor((r * 5) / sorted.length) === f));
};

interface Scorer {
  /** Raw scores of the samples of `year`'s test set. */
  score: (year: number, x: readonly number[]) => number;
}

/** Walk-forward forests for YEARS, trained on `labels` with the inputs outside `keep` held at 0. */
async function trainForests(name: string, labels: Float32Array, keep?: readonly string[]): Promise<Scorer> {
  const work = mkdtempSync(join(tmpdir(), `trial-${name}-`));
  const d = FEATURE_NAMES.length;
  const kept = keep ? new Set(keep.map(column)) : null;
  const x = new Float32Array(samples.length * d);
  samples.forEach((s, i) => {
    x.set(
      s.x.map((v, j) => (kept && !kept.has(j) ? 0 : v)),
      i * d,
    );
  });
  await Bun.write(join(work, "x.f32"), x);
  await Bun.write(join(work, "y.f32"), labels);
  const jobs = [];
  for (const year of YEARS) {
    const split = splitFor(year);
    const rows = Uint32Array.from(samples.flatMap((s, i) => (isTraining(s, split) ? [i] : [])));
    await Bun.write(join(work, `${year}.u32`), rows);
    jobs.push({ name: String(year), rows: `${year}.u32` });
  }
  await Bun.write(join(work, "parity.u32"), Uint32Array.from([0]));
  await Bun.write(
    join(work, "jobs.json"),
    JSON.stringify({
      features: d,
      params: PARAMS,
      rounds: ROUNDS,
      jobs,
      parity: { job: String(LAST_TEST_YEAR), rows: "parity.u32" },
    }),
  );
  const python = Bun.spawnSync([PYTHON, join(import.meta.dir, "train_ranker.py"), work], {
    stdout: "ignore",
    stderr: "inherit",
  });
  if (python.exitCode !== 0) throw new Error(`training ${name} failed`);
  const forests = new Map<number, { baseScore: number; trees: Tree[] }>();
  for (const year of YEARS) forests.set(year, await readForest(join(work, `${year}.model.json`), "exact"));
  rmSync(work, { recursive: true, force: true });
  return { score: (year, input) => rawScore(forests.get(year)!, input) };
}

interface Result {
  spread: Spread;
  /** AUC of the score's place against beating the median (ranking only, no calibration). */
  auc: number;
}

/** Deciles of a scorer's places within each date of the test years, and the decile spread of those with outcomes. */
function measure(set: readonly Sample[], scorer: Scorer): Result {
  const rows: Array<{ date: string; decile: number; forward: number; place: number; beat: number }> = [];
  for (const [date, ks] of byDate(set)) {
    const year = Number(date.slice(0, 4));
    if (year < FIRST_TEST_YEAR || year > LAST_TEST_YEAR) continue;
    const places = positionsWithin(ks.map((k) => scorer.score(year, set[k]!.x)));
    ks.forEach((k, j) => {
      const s = set[k]!;
      if (s.forward === null) return;
      rows.push({
        date,
        decile: decileOf(places[j]!),
        forward: s.forward,
        place: places[j]!,
        beat: s.excess! > 0 ? 1 : 0,
      });
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  return {
    spread: decileSpread(rows, HORIZON, LAG),
    auc: Number(
      auc(
        rows.map((r) => r.place),
        rows.map((r) => r.beat),
      ).toFixed(4),
    ),
  };
}

const served = await readModels();
const designs: Array<{ name: string; scorer: () => Promise<Scorer> }> = [
  {
    name: "served: XGBoost, 28 features, place within the date",
    scorer: async () => ({ score: (year, x) => rawScore(served.get(year)!, x) }),
  },
  {
    name: "1. literature composite (-ret_1m, -idio_vol, +mom_12_1, +px_52w_high), no fitting",
    scorer: async () => {
      const [r, v, m, h] = ["ret_1m", "idio_vol", "mom_12_1", "px_52w_high"].map(column);
      return { score: (_, x) => (-x[r!]! - x[v!]! + x[m!]! + x[h!]!) / 4 };
    },
  },
  {
    name: "2. XGBoost on the literature's features only",
    scorer: () =>
      trainForests(
        "literature",
        placeLabels(samples, (s) => s.forward!, wholeDate),
        [
          "ret_1m",
          "mom_12_1",
          "idio_vol",
          "vol_60d",
          "px_52w_high",
          "beta",
          "mkt_ret_1m",
          "mkt_ret_3m",
          "mkt_px_sma200",
          "mkt_vol_60d",
          "dispersion",
        ],
      ),
  },
  {
    name: "3. XGBoost, label: place within the date's volatility fifth",
    scorer: () =>
      trainForests(
        "vol-neutral",
        placeLabels(samples, (s) => s.forward!, volatilityFifths),
      ),
  },
  {
    name: "4. XGBoost, label: place of excess / own volatility within the date",
    scorer: () =>
      trainForests(
        "risk-adjusted",
        placeLabels(samples, (s) => s.excess! / Math.max(s.raw.vol_60d, 1e-6), wholeDate),
      ),
  },
];

const results: Array<{ name: string; demo: Result; survivorshipFree: Result }> = [];
for (const design of designs) {
  const scorer = await design.scorer();
  const demo = measure(samples, scorer);
  const survivorshipFree = measure(sf, scorer);
  results.push({ name: design.name, demo, survivorshipFree });
  console.log(
    `${design.name}\n  demo ${(demo.spread.annualised * 100).toFixed(1)}%/yr t ${demo.spread.tNeweyWest} AUC ` +
      `${demo.auc}; survivorship-free ${(survivorshipFree.spread.annualised * 100).toFixed(1)}%/yr t ` +
      `${survivorshipFree.spread.tNeweyWest} AUC ${survivorshipFree.auc} ` +
      `(${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

const baseline = results[0]!.demo.spread.tNeweyWest;
const winners = results
  .slice(1)
  .filter((r) => r.demo.spread.tNeweyWest >= HURDLE && r.demo.spread.tNeweyWest > baseline)
  .sort((a, b) => b.demo.spread.tNeweyWest - a.demo.spread.tNeweyWest);
console.log(
  `Hurdle for ${DESIGNS_AFTER} designs: t ${HURDLE.toFixed(2)}; served design's t ${baseline}. ` +
    (winners.length ? `Adopt: ${winners[0]!.name}.` : "No design passes: the served design stays."),
);
await Bun.write(join(tmpdir(), "trial-designs.json"), `${JSON.stringify(results, null, 1)}\n`);
