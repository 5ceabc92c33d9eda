// Key factors in plain words: each factor the model leaned on, said from the stock's own value of that input and
// where it stands among the date's index members ("Fell 12% in a month, more than 8 in 10 stocks"), never from the
// model's rank encoding alone. Market inputs are the same for every stock of a date, so they are said as the
// market's state. One template per feature (docs/decisions/066-calls-that-agree.md).
import { count, fixed, percentPoints, sizePercent } from "../lib/format.ts";
import type { FeatureName, StockFeatureName, StockFeatures } from "./features.ts";
import type { Factor } from "./ranker.ts";

/** What a factor's input is called when a reason lists it. */
export const FACTOR_LABELS: Record<FeatureName, string> = {
  ret_1w: "1-week return",
  ret_1m: "1-month return",
  ret_3m: "3-month return",
  ret_6m: "6-month return",
  ret_12m: "12-month return",
  mom_12_1: "return from a year to a month ago",
  mom_6_1: "return from six months to a month ago",
  px_sma50: "price against its 50-day average",
  px_sma200: "price against its 200-day average",
  sma50_sma200: "50-day against 200-day average",
  macd_hist: "short-term trend (MACD)",
  rsi14: "RSI(14)",
  atr14: "average daily range",
  vol_20d: "1-month volatility",
  vol_60d: "3-month volatility",
  idio_vol: "stock-specific volatility",
  beta: "beta to the S&P 500",
  pos_52w: "place in its 52-week range",
  px_52w_high: "distance from its 52-week high",
  volume_trend: "trading volume trend",
  dollar_volume: "dollars traded a day",
  max_ret_1m: "largest daily gain this month",
  illiquidity: "price impact of trading",
  mkt_ret_1m: "the S&P 500's 1-month return",
  mkt_ret_3m: "the S&P 500's 3-month return",
  mkt_px_sma200: "the S&P 500 against its 200-day average",
  mkt_vol_60d: "the S&P 500's volatility",
  dispersion: "how far apart stocks moved this month",
};

/** A fraction's size with one decimal, as every percentage a person reads: `12.3%`, `0.4%`. */
const pct = sizePercent;

/** How many in 10 stocks lie below (or above) a place in [0, 1]: 5 to 9, so never "more than 0" or "10 in 10". */
const tenths = (share: number) => Math.min(9, Math.max(5, Math.floor(share * 10)));

/** "higher than 8 in 10 stocks" / "lower than 7 in 10 stocks", from the share of members below. */
function standing(place: number, higher = "higher", lower = "lower"): string {
  return place >= 0.5
    ? `${higher} than ${tenths(place)} in 10 stocks`
    : `${lower} than ${tenths(1 - place)} in 10 stocks`;
}

/** A return over a period: "Fell 12% in a month, more than 8 in 10 stocks". */
function moved(value: number, period: string, place: number): string {
  if (value >= 0) return `Rose ${pct(value)} ${period}, ${standing(place, "more", "less")}`;
  // A fall is large when few stocks did worse: its place is low.
  return `Fell ${pct(value)} ${period}, ${standing(1 - place, "more", "less")}`;
}

const aboveBelow = (x: number) => (x >= 0 ? "above" : "below");

function money(dollars: number): string {
  if (dollars >= 1e9) return `$${fixed(dollars / 1e9, 1)} billion`;
  if (dollars >= 1e6) return `$${fixed(dollars / 1e6, 1)} million`;
  return `$${count(dollars)}`;
}

const STOCK_TEMPLATES: Record<StockFeatureName, (v: number, place: number) => string> = {
  ret_1w: (v, p) => moved(v, "in a week", p),
  ret_1m: (v, p) => moved(v, "in a month", p),
  ret_3m: (v, p) => moved(v, "in three months", p),
  ret_6m: (v, p) => moved(v, "in six months", p),
  ret_12m: (v, p) => moved(v, "in a year", p),
  mom_12_1: (v, p) => moved(v, "from a year ago to a month ago", p),
  mom_6_1: (v, p) => moved(v, "from six months ago to a month ago", p),
  px_sma50: (v, p) => `Trades ${pct(v)} ${aboveBelow(v)} its 50-day average, ${standing(p)}`,
  px_sma200: (v, p) => `Trades ${pct(v)} ${aboveBelow(v)} its 200-day average, ${standing(p)}`,
  sma50_sma200: (v, p) =>
    `Its 50-day average is ${pct(v)} ${aboveBelow(v)} its 200-day average, ${standing(p)}`,
  macd_hist: (v, p) =>
    `Short-term trend (MACD) turning ${v >= 0 ? "up" : "down"} by ${pct(v)} of its price, ${standing(p, "stronger", "weaker")}`,
  rsi14: (v, p) => {
    const rsi = percentPoints(v, 0);
    const note = rsi >= 70 ? " (overbought)" : rsi <= 30 ? " (oversold)" : "";
    return `RSI(14) of ${rsi}${note}, ${standing(p)}`;
  },
  atr14: (v, p) => `Moves ${pct(v)} of its price on an average day, ${standing(p, "more", "less")}`,
  vol_20d: (v, p) => `Volatility of ${pct(v)} a year over the last month, ${standing(p)}`,
  vol_60d: (v, p) => `Volatility of ${pct(v)} a year, ${standing(p)}`,
  idio_vol: (v, p) => `Stock-specific volatility of ${pct(v)} a year, ${standing(p)}`,
  beta: (v, p) => `Moves ${fixed(v, 2)} times as much as the S&P 500 (beta), ${standing(p, "more", "less")}`,
  pos_52w: (v, p) => `Trades ${pct(v)} of the way up its 52-week range, ${standing(p)}`,
  px_52w_high: (v, p) =>
    v > -0.0005
      ? `Trades at its 52-week high, ${standing(p, "closer", "further")}`
      : `Trades ${pct(v)} below its 52-week high, ${standing(p, "closer", "further")}`,
  volume_trend: (v, p) => {
    const change = Math.exp(v) - 1;
    return `Volume this month ${pct(change)} ${aboveBelow(change)} its six-month average, ${standing(p)}`;
  },
  dollar_volume: (v, p) => `Trades ${money(Math.exp(v) - 1)} a day, ${standing(p, "more", "less")}`,
  max_ret_1m: (v, p) => `Largest daily gain this month ${pct(v)}, ${standing(p)}`,
  // The input is log(1 + the mean of |daily return| / dollars traded, times 1e9): the move per $1 billion traded.
  illiquidity: (v, p) =>
    `Price moves ${pct(Math.exp(v) - 1)} per $1 billion traded, ${standing(p, "more", "less")}`,
};

/** The market's state, the same for every stock of a date. */
const MARKET_TEMPLATES: Record<Exclude<FeatureName, StockFeatureName>, (v: number) => string> = {
  mkt_ret_1m: (v) => `Market state: the S&P 500 ${v >= 0 ? "rose" : "fell"} ${pct(v)} over the last month`,
  mkt_ret_3m: (v) =>
    `Market state: the S&P 500 ${v >= 0 ? "rose" : "fell"} ${pct(v)} over the last three months`,
  mkt_px_sma200: (v) => `Market state: the S&P 500 trades ${pct(v)} ${aboveBelow(v)} its 200-day average`,
  mkt_vol_60d: (v) => {
    const mood = v < 0.15 ? "calm" : v < 0.25 ? "ordinary" : "turbulent";
    return `Market state: the S&P 500's volatility is ${pct(v)} a year (${mood})`;
  },
  dispersion: (v) =>
    `Market state: stocks' 1-month returns are spread ${pct(v)} apart, one standard deviation`,
};

const isStockFeature = (name: FeatureName, stock: StockFeatures): name is StockFeatureName => name in stock;

/** Which way a factor pushed the stock's rank, in words. */
export const factorDirection = (factor: Pick<Factor, "contribution">) =>
  factor.contribution >= 0 ? "raised its rank" : "lowered its rank";

/** A factor's short name and which way it pushed the rank: "1-month return (raised its rank)". */
export const labelledFactor = (factor: Pick<Factor, "name" | "contribution">) =>
  `${FACTOR_LABELS[factor.name]} (${factorDirection(factor)})`;

/**
 * A factor in plain words, from the stock's raw value (`stock`) and its place among the date's members (the
 * model's input for a stock feature is that place scaled to [-1, 1]); a market input is its own raw value. Ends by
 * saying which way it moved the stock's rank.
 */
export function describeFactor(factor: Factor, stock: StockFeatures): string {
  const direction = factorDirection(factor);
  const words = isStockFeature(factor.name, stock)
    ? STOCK_TEMPLATES[factor.name](stock[factor.name], (factor.input + 1) / 2)
    : MARKET_TEMPLATES[factor.name](factor.input);
  return `${words} (${direction})`;
}
