import { ATR, EMA, MACD, RSI, SMA } from "trading-signals";

/** The inputs of one session: split-adjusted OHLC, the dividend-adjusted close, and volume. */
export interface Bar {
  date: string;
  high: number;
  low: number;
  close: number;
  adjClose: number;
  volume: number;
}

/** Model inputs, in the order the weights use. Every one is computed from sessions on or before the date. */
export const FEATURE_NAMES = [
  "ret_1m",
  "ret_3m",
  "ret_6m",
  "ret_12m",
  "px_sma50",
  "px_sma200",
  "sma50_sma200",
  "macd_hist",
  "rsi14",
  "atr14",
  "vol_20d",
  "vol_60d",
  "pos_52w",
  "volume_trend",
  "rs_3m",
  "rs_6m",
  "mkt_ret_1m",
  "mkt_ret_3m",
  "mkt_px_sma200",
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureVector = Record<FeatureName, number>;

/** Sessions of history a feature vector needs (the 12-month return and 52-week range). */
export const MIN_HISTORY = 253;

const TRADING_DAYS = 252;

function stdev(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/**
 * Feature vectors for every session of `bars` (oldest first) that has enough history; null before that.
 * `benchmark` maps a date to the benchmark's adjusted close. One pass with incremental indicators, so the
 * value at index i depends only on bars 0..i: no look-ahead by construction.
 */
export function featureSeries(
  bars: readonly Bar[],
  benchmark: ReadonlyMap<string, number>,
): Array<FeatureVector | null> {
  const sma50 = new SMA(50);
  const sma200 = new SMA(200);
  const macd = new MACD(new EMA(12), new EMA(26), new EMA(9));
  const rsi = new RSI(14);
  const atr = new ATR(14);
  const logReturns: number[] = [];
  const out: Array<FeatureVector | null> = [];
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i]!;
    // Total-return candles: scale split-adjusted prices by the dividend adjustment of the day.
    const scale = bar.close > 0 ? bar.adjClose / bar.close : 1;
    const s50 = sma50.add(bar.adjClose);
    const s200 = sma200.add(bar.adjClose);
    const m = macd.add(bar.adjClose);
    const r = rsi.add(bar.adjClose);
    const a = atr.add({ high: bar.high * scale, low: bar.low * scale, close: bar.adjClose });
    logReturns.push(i === 0 ? 0 : Math.log(bar.adjClose / bars[i - 1]!.adjClose));
    if (i < MIN_HISTORY - 1 || s50 === null || s200 === null || m === null || r === null || a === null) {
      out.push(null);
      continue;
    }
    const px = bar.adjClose;
    const back = (n: number) => bars[i - n]!.adjClose;
    const benchNow = benchmark.get(bar.date);
    const bench = (n: number) => benchmark.get(bars[i - n]!.date);
    const rel = (n: number) => {
      const then = bench(n);
      return benchNow && then ? px / back(n) - benchNow / then : 0;
    };
    const benchAverage = (n: number) => {
      let sum = 0;
      let count = 0;
      for (let k = i - n + 1; k <= i; k++) {
        const v = benchmark.get(bars[k]!.date);
        if (v) {
          sum += v;
          count++;
        }
      }
      return count ? sum / count : (benchNow ?? 1);
    };
    let hi = Number.NEGATIVE_INFINITY;
    let lo = Number.POSITIVE_INFINITY;
    for (let k = i - TRADING_DAYS + 1; k <= i; k++) {
      const b = bars[k]!;
      const sc = b.close > 0 ? b.adjClose / b.close : 1;
      hi = Math.max(hi, b.high * sc);
      lo = Math.min(lo, b.low * sc);
    }
    const volumes = (from: number, n: number) => bars.slice(from - n + 1, from + 1).map((b) => b.volume);
    const recentVolume = mean(volumes(i, 20));
    const longVolume = mean(volumes(i, 120));
    out.push({
      ret_1m: px / back(21) - 1,
      ret_3m: px / back(63) - 1,
      ret_6m: px / back(126) - 1,
      ret_12m: px / back(252) - 1,
      px_sma50: px / s50 - 1,
      px_sma200: px / s200 - 1,
      sma50_sma200: s50 / s200 - 1,
      macd_hist: m.histogram / px,
      rsi14: r / 100,
      atr14: a / px,
      vol_20d: stdev(logReturns.slice(i - 19, i + 1)) * Math.sqrt(TRADING_DAYS),
      vol_60d: stdev(logReturns.slice(i - 59, i + 1)) * Math.sqrt(TRADING_DAYS),
      pos_52w: hi > lo ? (px - lo) / (hi - lo) : 0.5,
      volume_trend: recentVolume > 0 && longVolume > 0 ? Math.log(recentVolume / longVolume) : 0,
      rs_3m: rel(63),
      rs_6m: rel(126),
      mkt_ret_1m: benchNow && bench(21) ? benchNow / bench(21)! - 1 : 0,
      mkt_ret_3m: benchNow && bench(63) ? benchNow / bench(63)! - 1 : 0,
      mkt_px_sma200: benchNow ? benchNow / benchAverage(200) - 1 : 0,
    });
  }
  return out;
}
