// Each stock's 80% range, one band per volatility fifth (docs/decisions/121-ranges-fitted-per-volatility-fifth.md):
// fitted on out-of-sample stock-dates whose outcome window stays clear of the held-back period, the demo and the
// survivorship-free sets weighing the same in each fifth, and measured on the survivorship-free years held back.
import { excessOf, probit, type RangeBand, type RankerModel, rangeUnit } from "../../api/analysis/ranker.ts";
import { volatilityFifths } from "../../api/analysis/volatility-fifths.ts";
import { honestHalfWidth, wilsonInterval } from "../../api/features/recommendations/track-record.ts";
import type { Scored } from "./walk-forward.ts";

/** No price or outcome of these dates goes into the fit; the survivorship-free stock-dates in it are the report. */
export const HELD_BACK = { from: "2016-01-01", to: "2018-02-28" } as const;

/** A stock-date whose outcome is known before the held-back period begins, or that starts after it ends. */
export const clearOfHeldBack = (s: Scored) =>
  s.sample.labelDate! < HELD_BACK.from || s.sample.date > HELD_BACK.to;
/** A survivorship-free stock-date of the held-back period. */
export const inHeldBack = (s: Scored) => s.sample.date >= HELD_BACK.from && s.sample.date <= HELD_BACK.to;

/** Each stock-date's volatility fifth among its date's scored stocks (1 calmest). */
export function fifthsOf(set: readonly Scored[]): Map<Scored, number> {
  const byDate = new Map<string, Scored[]>();
  for (const s of set) {
    const list = byDate.get(s.sample.date) ?? [];
    list.push(s);
    byDate.set(s.sample.date, list);
  }
  const out = new Map<Scored, number>();
  for (const group of byDate.values()) {
    const fifths = volatilityFifths(
      group.map((s) => s.sample.raw.vol_60d),
      group.map((s) => s.sample.symbol),
    );
    group.forEach((s, k) => {
      out.set(s, fifths[k]!);
    });
  }
  return out;
}

/** A stock-date with its fifth and the model that scored it. */
export interface InFifth {
  scored: Scored;
  fifth: number;
  model: RankerModel;
}

/** The outcome's distance from the expected excess in units of the stock's own (floored) horizon volatility. */
function residual({ scored, model }: InFifth): number {
  const s = rangeUnit(model, scored.sample.raw.vol_60d);
  return (scored.sample.excess! - model.excess.scale * probit(scored.p) * s) / s;
}

/** The smallest value whose cumulative weight reaches `q` of the total (values sorted ascending). */
function weightedQuantile(sorted: ReadonlyArray<{ r: number; w: number }>, q: number): number {
  const total = sorted.reduce((a, v) => a + v.w, 0);
  let cumulative = 0;
  for (const v of sorted) {
    cumulative += v.w;
    if (cumulative >= q * total * (1 - 1e-12)) return v.r;
  }
  return sorted.at(-1)!.r;
}

const r4 = (x: number) => Number(x.toFixed(4));

/**
 * The five bands (calmest first): per fifth, the weighted 10th and 90th percentiles of the residual, each set's
 * stock-dates in the fifth carrying half the weight.
 */
export function fitRanges(sets: ReadonlyArray<readonly InFifth[]>): RangeBand[] {
  return [1, 2, 3, 4, 5].map((fifth) => {
    const weighted = sets.flatMap((set) => {
      const inFifth = set.filter((x) => x.fifth === fifth && x.scored.sample.raw.vol_60d > 0);
      return inFifth.map((x) => ({ r: residual(x), w: 1 / (sets.length * inFifth.length) }));
    });
    weighted.sort((a, b) => a.r - b.r);
    return { low: r4(weightedQuantile(weighted, 0.1)), high: r4(weightedQuantile(weighted, 0.9)) };
  });
}

/**
 * Per fifth: stock-dates, and the shares of outcomes inside, below and above each stock's range; the share inside
 * has a 95% interval clustered by date (`lag`: dates a 60-session outcome overlaps), never narrower than Wilson's
 * (docs/decisions/110-honest-intervals.md): stocks of one date move together, and outcomes overlap.
 */
export function rangeCoverage(set: readonly InFifth[], bands: readonly RangeBand[], lag: number) {
  return [1, 2, 3, 4, 5].map((fifth) => {
    const byDate = new Map<string, { n: number; inside: number }>();
    let below = 0;
    let above = 0;
    for (const { scored, model, fifth: f } of set) {
      if (f !== fifth) continue;
      const { low, high } = excessOf(model, scored.p, scored.sample.raw.vol_60d, bands[fifth - 1]!);
      const day = byDate.get(scored.sample.date) ?? { n: 0, inside: 0 };
      day.n++;
      if (scored.sample.excess! < low) below++;
      else if (scored.sample.excess! > high) above++;
      else day.inside++;
      byDate.set(scored.sample.date, day);
    }
    const days = [...byDate].sort(([a], [b]) => a.localeCompare(b)).map(([, d]) => d);
    const n = days.reduce((a, d) => a + d.n, 0);
    const inside = n - below - above;
    const rate = inside / n;
    const half = honestHalfWidth(
      days.map((d) => d.inside - rate * d.n),
      n,
      lag,
    );
    const wilson = wilsonInterval(inside, n)!;
    return {
      fifth,
      n,
      coverage: r4(rate),
      coverageLow: r4(Math.max(0, Math.min(rate - half, wilson.low))),
      coverageHigh: r4(Math.min(1, Math.max(rate + half, wilson.high))),
      below: r4(below / n),
      above: r4(above / n),
    };
  });
}
