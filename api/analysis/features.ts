// Per-stock inputs of the ranking model, each a function of a fixed window of sessions ending on the date, so the
// value is the same however much history was loaded before it (training reads 20 years, the app about two) and
// nothing after the date is ever read. Indicators are written out here rather than taken from an incremental
// library because those carry state from the first bar they were fed (docs/decisions/015-ranking-model.md).

/** The inputs of one session: split-adjusted OHLC, the dividend-adjusted close, and volume. */
export interface Bar {
  date: string;
  high: number;
  low: number;
  close: number;
  adjClose: number;
  volume: number;
}

/** Stock features, ranked across the universe on each date before they reach the model. */
export const STOCK_FEATURES = [
  "ret_1w",
  "ret_1m",
  "ret_3m",
  "ret_6m",
  "ret_12m",
  "mom_12_1",
  "mom_6_1",
  "px_sma50",
  "px_sma200",
  "sma50_sma200",
  "macd_hist",
  "rsi14",
  "atr14",
  "vol_20d",
  "vol_60d",
  "idio_vol",
  "beta",
  "pos_52w",
  "px_52w_high",
  "volume_trend",
  "dollar_volume",
  "max_ret_1m",
  "illiquidity",
] as const;

/** Market-regime features: the same for every stock on a date, given to the model as they are. */
export const MARKET_FEATURES = [
  "mkt_ret_1m",
  "mkt_ret_3m",
  "mkt_px_sma200",
  "mkt_vol_60d",
  "dispersion",
] as const;

export const FEATURE_NAMES = [...STOCK_FEATURES, ...MARKET_FEATURES] as const;

export type StockFeatureName = (typeof STOCK_FEATURES)[number];
export type MarketFeatureName = (typeof MARKET_FEATURES)[number];
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type StockFeatures = Record<StockFeatureName, number>;
export type MarketFeatures = Omit<Record<MarketFeatureName, number>, "dispersion">;

const YEAR = 252;
/** Sessions of history a feature vector needs: the 12-month return, the 52-week range and the 200-day average. */
export const MIN_HISTORY = YEAR + 1;
/** The MACD's exponential averages start from a plain average this many sessions back (a fixed window). */
const MACD_WINDOW = 150;

function logReturn(bars: readonly Bar[], k: number): number {
  return Math.log(bars[k]!.adjClose / bars[k - 1]!.adjClose);
}

function average(bars: readonly Bar[], i: number, n: number): number {
  let sum = 0;
  for (let k = i - n + 1; k <= i; k++) sum += bars[k]!.adjClose;
  return sum / n;
}

function stdevOf(xs: readonly number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Daily log returns of sessions i-n+1..i. */
function returns(bars: readonly Bar[], i: number, n: number): number[] {
  const out: number[] = [];
  for (let k = i - n + 1; k <= i; k++) out.push(logReturn(bars, k));
  return out;
}

/** EMA over a fixed window: seeded with the plain average of its first `period` values. */
function emaSeries(values: readonly number[], period: number): number[] {
  const alpha = 2 / (period + 1);
  let ema = values.slice(0, period).reduce((a, b) => a + b, 0) / period;
  const out: number[] = new Array(period - 1).fill(Number.NaN);
  out.push(ema);
  for (let k = period; k < values.length; k++) {
    ema = alpha * values[k]! + (1 - alpha) * ema;
    out.push(ema);
  }
  return out;
}

function macdHistogram(bars: readonly Bar[], i: number): number {
  const closes: number[] = [];
  for (let k = i - MACD_WINDOW + 1; k <= i; k++) closes.push(bars[k]!.adjClose);
  const fast = emaSeries(closes, 12);
  const slow = emaSeries(closes, 26);
  const macd = closes.map((_, k) => fast[k]! - slow[k]!).slice(25);
  const signal = emaSeries(macd, 9);
  return (macd.at(-1)! - signal.at(-1)!) / bars[i]!.adjClose;
}

/** Cutler's RSI: plain averages of gains and losses over the window. */
function rsi(bars: readonly Bar[], i: number, n: number): number {
  let gains = 0;
  let losses = 0;
  for (let k = i - n + 1; k <= i; k++) {
    const change = bars[k]!.adjClose - bars[k - 1]!.adjClose;
    if (change > 0) gains += change;
    else losses -= change;
  }
  return gains + losses > 0 ? gains / (gains + losses) : 0.5;
}

/** Scale from split-adjusted to dividend-adjusted prices on one session. */
const scaleOf = (b: Bar) => (b.close > 0 ? b.adjClose / b.close : 1);

function averageTrueRange(bars: readonly Bar[], i: number, n: number): number {
  let sum = 0;
  for (let k = i - n + 1; k <= i; k++) {
    const b = bars[k]!;
    const s = scaleOf(b);
    const prev = bars[k - 1]!.adjClose;
    sum += Math.max(b.high * s - b.low * s, Math.abs(b.high * s - prev), Math.abs(b.low * s - prev));
  }
  return sum / n;
}

/**
 * The stock features of session `i` of `bars` (oldest first), or null without enough history. `benchmark` maps a
 * date to the index's close, for beta and idiosyncratic volatility.
 */
export function stockFeaturesAt(
  bars: readonly Bar[],
  i: number,
  benchmark: ReadonlyMap<string, number>,
): StockFeatures | null {
  if (i < MIN_HISTORY || i >= bars.length) return null;
  const px = bars[i]!.adjClose;
  const back = (n: number) => bars[i - n]!.adjClose;
  const sma50 = average(bars, i, 50);
  const sma200 = average(bars, i, 200);
  const daily = returns(bars, i, YEAR);
  const last = (n: number) => daily.slice(YEAR - n);

  // Beta and residual volatility against the index over the last 120 sessions both have prices.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = i - 119; k <= i; k++) {
    const now = benchmark.get(bars[k]!.date);
    const before = benchmark.get(bars[k - 1]!.date);
    if (!now || !before) continue;
    xs.push(Math.log(now / before));
    ys.push(logReturn(bars, k));
  }
  let beta = 1;
  let idioVol = stdevOf(last(60)) * Math.sqrt(YEAR);
  if (xs.length >= 60) {
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let cov = 0;
    let varX = 0;
    for (let k = 0; k < xs.length; k++) {
      cov += (xs[k]! - mx) * (ys[k]! - my);
      varX += (xs[k]! - mx) ** 2;
    }
    beta = varX > 0 ? cov / varX : 1;
    const residuals = ys.map((y, k) => y - my - beta * (xs[k]! - mx));
    idioVol = stdevOf(residuals) * Math.sqrt(YEAR);
  }

  let hi = Number.NEGATIVE_INFINITY;
  let lo = Number.POSITIVE_INFINITY;
  for (let k = i - YEAR + 1; k <= i; k++) {
    const b = bars[k]!;
    const s = scaleOf(b);
    hi = Math.max(hi, b.high * s);
    lo = Math.min(lo, b.low * s);
  }
  let volume20 = 0;
  let volume120 = 0;
  let dollars20 = 0;
  let illiquidity = 0;
  for (let k = i - 119; k <= i; k++) {
    const b = bars[k]!;
    volume120 += b.volume;
    if (k > i - 20) {
      volume20 += b.volume;
      const dollars = b.close * b.volume;
      dollars20 += dollars;
      illiquidity += dollars > 0 ? Math.abs(logReturn(bars, k)) / dollars : 0;
    }
  }
  const month = last(21);
  return {
    ret_1w: px / back(5) - 1,
    ret_1m: px / back(21) - 1,
    ret_3m: px / back(63) - 1,
    ret_6m: px / back(126) - 1,
    ret_12m: px / back(YEAR) - 1,
    mom_12_1: back(21) / back(YEAR) - 1,
    mom_6_1: back(21) / back(126) - 1,
    px_sma50: px / sma50 - 1,
    px_sma200: px / sma200 - 1,
    sma50_sma200: sma50 / sma200 - 1,
    macd_hist: macdHistogram(bars, i),
    rsi14: rsi(bars, i, 14),
    atr14: averageTrueRange(bars, i, 14) / px,
    vol_20d: stdevOf(last(20)) * Math.sqrt(YEAR),
    vol_60d: stdevOf(last(60)) * Math.sqrt(YEAR),
    idio_vol: idioVol,
    beta,
    pos_52w: hi > lo ? (px - lo) / (hi - lo) : 0.5,
    px_52w_high: hi > 0 ? px / hi - 1 : 0,
    volume_trend: volume20 > 0 && volume120 > 0 ? Math.log(volume20 / 20 / (volume120 / 120)) : 0,
    dollar_volume: Math.log(1 + dollars20 / 20),
    max_ret_1m: Math.max(...month),
    illiquidity: Math.log(1 + (illiquidity / 20) * 1e9),
  };
}

/**
 * The index's own features on session `i` of its bars (oldest first); dispersion is added per date by the
 * cross-section. Null without enough history.
 */
export function marketFeaturesAt(index: readonly Bar[], i: number): MarketFeatures | null {
  if (i < MIN_HISTORY || i >= index.length) return null;
  const px = index[i]!.adjClose;
  return {
    mkt_ret_1m: px / index[i - 21]!.adjClose - 1,
    mkt_ret_3m: px / index[i - 63]!.adjClose - 1,
    mkt_px_sma200: px / average(index, i, 200) - 1,
    mkt_vol_60d: stdevOf(returns(index, i, 60)) * Math.sqrt(YEAR),
  };
}
