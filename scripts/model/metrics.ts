// Scores of probabilistic predictions against 0/1 outcomes, for the model card and the training script.
import { probit } from "../../api/analysis/ranker.ts";
import { neweyWestVariance } from "../../api/lib/newey-west.ts";

const mean = (xs: readonly number[]) => xs.reduce((a, v) => a + v, 0) / xs.length;

/**
 * Area under the ROC curve (Mann-Whitney), with tied scores counting one half. Sorts once and returns a scorer
 * that can weight the samples (a bootstrap's resampling counts); without weights every sample counts once.
 */
export function aucScorer(
  scores: readonly number[],
  labels: readonly number[],
): (weights?: readonly number[]) => number {
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  return (weights) => {
    const weight = (i: number) => (weights ? weights[i]! : 1);
    let negativesBelow = 0;
    let pairs = 0;
    let positives = 0;
    for (let start = 0; start < order.length; ) {
      let end = start;
      let groupPositives = 0;
      let groupNegatives = 0;
      while (end < order.length && scores[order[end]!] === scores[order[start]!]) {
        const i = order[end]!;
        if (labels[i]) groupPositives += weight(i);
        else groupNegatives += weight(i);
        end++;
      }
      pairs += groupPositives * (negativesBelow + groupNegatives / 2);
      positives += groupPositives;
      negativesBelow += groupNegatives;
      start = end;
    }
    return pairs / (positives * negativesBelow);
  };
}

/** Area under the ROC curve, tied scores counting one half (0.5 for a constant score). */
export const auc = (scores: readonly number[], labels: readonly number[]) => aucScorer(scores, labels)();

/** Mean squared error of the probabilities (lower is better; 0.25 for a constant 50% on any outcomes). */
export function brier(p: readonly number[], y: readonly number[]): number {
  return p.reduce((a, pi, i) => a + (pi - y[i]!) ** 2, 0) / p.length;
}

/** Mean negative log-likelihood in nats (ln 2 = 0.693 for a constant 50%). */
export function logLoss(p: readonly number[], y: readonly number[]): number {
  const clip = (x: number) => Math.min(1 - 1e-12, Math.max(1e-12, x));
  return -p.reduce((a, pi, i) => a + (y[i] ? Math.log(clip(pi)) : Math.log(1 - clip(pi))), 0) / p.length;
}

export interface Bin {
  /** Lower edge of the bin (equal-width bins) or null (deciles). */
  lo: number | null;
  n: number;
  /** Mean predicted probability in the bin. */
  predicted: number;
  /** Observed frequency of the outcome in the bin. */
  observed: number;
}

/** Ten equal-width bins of the predicted probability (0-10%, ..., 90-100%), empty ones included. */
export function reliabilityBins(p: readonly number[], y: readonly number[], count = 10): Bin[] {
  const sums = Array.from({ length: count }, () => ({ n: 0, p: 0, y: 0 }));
  p.forEach((pi, i) => {
    const bin = sums[Math.min(count - 1, Math.floor(pi * count))]!;
    bin.n++;
    bin.p += pi;
    bin.y += y[i]!;
  });
  return sums.map((s, k) => ({
    lo: k / count,
    n: s.n,
    predicted: s.n ? s.p / s.n : 0,
    observed: s.n ? s.y / s.n : 0,
  }));
}

/** Expected calibration error: the sample-weighted mean of |mean predicted - observed| over `bins`. */
export function expectedCalibrationError(bins: readonly Bin[]): number {
  const n = bins.reduce((a, b) => a + b.n, 0);
  return bins.reduce((a, b) => a + b.n * Math.abs(b.predicted - b.observed), 0) / n;
}

/**
 * Deciles of the predicted probability: samples sorted by prediction and cut into ten groups of equal size.
 * Equal predictions stay in one group, so a constant prediction gives a single group.
 */
export function probabilityDeciles(p: readonly number[], y: readonly number[]): Bin[] {
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
  const sums = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  let decile = 0;
  order.forEach((i, rank) => {
    if (rank === 0 || p[i] !== p[order[rank - 1]!])
      decile = Math.min(9, Math.floor((rank * 10) / order.length));
    const s = sums[decile]!;
    s.n++;
    s.p += p[i]!;
    s.y += y[i]!;
  });
  return sums
    .filter((s) => s.n > 0)
    .map((s) => ({ lo: null, n: s.n, predicted: s.p / s.n, observed: s.y / s.n }));
}

/** Pearson correlation. */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Share of outcomes that are 1. */
export const baseRate = (y: readonly number[]) => mean(y);

/** The q-quantile of ascending values (linear between neighbours). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Maximum-likelihood b of P(y = 1) = sigmoid(b * s), by Newton's method from 0 (one parameter, no intercept). */
export function fitSlope(s: readonly number[], y: readonly number[]): number {
  let b = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    let gradient = 0;
    let curvature = 0;
    for (let k = 0; k < s.length; k++) {
      const p = 1 / (1 + Math.exp(-b * s[k]!));
      gradient += (y[k]! - p) * s[k]!;
      curvature += p * (1 - p) * s[k]! * s[k]!;
    }
    const step = gradient / curvature;
    b += step;
    if (Math.abs(step) < 1e-12) break;
  }
  return b;
}

/**
 * Newey-West t statistic of the mean of a series whose terms overlap (a 60-session return every 5 sessions shares
 * most of its days with its neighbours): the mean over its standard error with Bartlett-weighted autocovariances up
 * to `lag`.
 */
export function neweyWestT(xs: readonly number[], lag: number): number {
  const n = xs.length;
  const m = xs.reduce((a, v) => a + v, 0) / n;
  return (
    m /
    (Math.sqrt(
      neweyWestVariance(
        xs.map((x) => x - m),
        lag,
      ),
    ) /
      n)
  );
}

/**
 * Hansen-Hodrick t of the mean of an overlapping series: autocovariances up to `lag` (the horizon over the step,
 * less one) weighted uniformly, so the overlap's whole variance counts, where Bartlett weights keep only part of it
 * (docs/decisions/110-honest-intervals.md). Falls back to Newey-West when the uniform sum is not positive.
 */
export function hansenHodrickT(xs: readonly number[], lag: number): number {
  const n = xs.length;
  const m = xs.reduce((a, v) => a + v, 0) / n;
  const u = xs.map((x) => x - m);
  let s = 0;
  for (const v of u) s += v * v;
  for (let l = 1; l <= lag && l < n; l++) {
    let c = 0;
    for (let t = l; t < n; t++) c += u[t]! * u[t - l]!;
    s += 2 * c;
  }
  return s > 0 ? m / (Math.sqrt(s) / n) : neweyWestT(xs, lag);
}

/** Of two t statistics of the same mean, the more conservative: the one nearer zero. */
export const conservativeT = (a: number, b: number) => (Math.abs(a) <= Math.abs(b) ? a : b);

/** The t a result must reach to be significant at 5% two-sided after a Bonferroni correction for `designs` tries. */
export const hurdleT = (designs: number) => probit(1 - 0.025 / designs);

export interface ScoredRow {
  date: string;
  probability: number;
  decile: number;
  /** Total return over the horizon. */
  forward: number;
  /** 1 when it beat the median of the date's scored stocks. */
  beat: number;
}

export interface Spread {
  /** Mean over dates of (decile 10's mean return - decile 1's), times 252 / horizon. */
  annualised: number;
  /** Its t with Newey-West errors. */
  tNeweyWest: number;
  /** Its t with Hansen-Hodrick errors (uniform weights, lag - 1: the horizon over the step less one). */
  tHansenHodrick: number;
  /** The nearer zero of the two: what the verdict uses. */
  tConservative: number;
  lag: number;
  dates: number;
}

/** The top-minus-bottom decile spread of rows grouped by date (any order), with its Newey-West t. */
export function decileSpread(
  rows: readonly Pick<ScoredRow, "date" | "decile" | "forward">[],
  horizon: number,
  lag: number,
): Spread {
  const byDate = new Map<string, { top: number; nTop: number; bottom: number; nBottom: number }>();
  for (const r of rows) {
    if (r.decile !== 10 && r.decile !== 1) continue;
    const e = byDate.get(r.date) ?? { top: 0, nTop: 0, bottom: 0, nBottom: 0 };
    if (r.decile === 10) {
      e.top += r.forward;
      e.nTop++;
    } else {
      e.bottom += r.forward;
      e.nBottom++;
    }
    byDate.set(r.date, e);
  }
  const diffs = [...byDate.entries()]
    .filter(([, e]) => e.nTop && e.nBottom)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, e]) => e.top / e.nTop - e.bottom / e.nBottom);
  const m = diffs.reduce((a, v) => a + v, 0) / diffs.length;
  const tNeweyWest = Number(neweyWestT(diffs, lag).toFixed(2));
  const tHansenHodrick = Number(hansenHodrickT(diffs, lag - 1).toFixed(2));
  return {
    annualised: Number((m * (252 / horizon)).toFixed(4)),
    tNeweyWest,
    tHansenHodrick,
    tConservative: conservativeT(tNeweyWest, tHansenHodrick),
    lag,
    dates: diffs.length,
  };
}

/** The card's headline figures of scored stock-dates with known outcomes. */
export function headlineFigures(rows: readonly ScoredRow[], horizon: number, lag: number) {
  const p = rows.map((r) => r.probability);
  const y = rows.map((r) => r.beat);
  const base = baseRate(y);
  return {
    samples: rows.length,
    dates: new Set(rows.map((r) => r.date)).size,
    baseRate: Number(base.toFixed(4)),
    auc: Number(auc(p, y).toFixed(4)),
    brier: Number(brier(p, y).toFixed(5)),
    brierBase: Number(
      brier(
        p.map(() => base),
        y,
      ).toFixed(5),
    ),
    decileSpread: decileSpread(rows, horizon, lag),
  };
}
