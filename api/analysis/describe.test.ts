import { describe, expect, test } from "bun:test";
import { describeFactor, labelledFactor } from "./describe.ts";
import { FEATURE_NAMES, type FeatureName, STOCK_FEATURES, type StockFeatures } from "./features.ts";

/** A plausible stock: each feature's raw value as stockFeaturesAt computes it. */
const STOCK: StockFeatures = {
  ret_1w: 0.021,
  ret_1m: -0.12,
  ret_3m: 0.08,
  ret_6m: 0.15,
  ret_12m: 0.31,
  mom_12_1: 0.47,
  mom_6_1: -0.05,
  px_sma50: 0.034,
  px_sma200: -0.062,
  sma50_sma200: 0.011,
  macd_hist: -0.004,
  rsi14: 0.74,
  atr14: 0.023,
  vol_20d: 0.38,
  vol_60d: 0.45,
  idio_vol: 0.29,
  beta: 1.32,
  pos_52w: 0.81,
  px_52w_high: -0.03,
  volume_trend: Math.log(1.25),
  dollar_volume: Math.log(1 + 2.4e9),
  max_ret_1m: 0.052,
  illiquidity: Math.log(1 + 0.004),
};

/** A factor at `place` (the share of members below it), with a contribution of `sign`. */
const factor = (name: FeatureName, place: number, sign = 1, input = 2 * place - 1) => ({
  name,
  input,
  contribution: 0.1 * sign,
});

describe("key factors in plain words", () => {
  test("the examples: a month's fall, a volatility, the distance from the 52-week high", () => {
    expect(describeFactor(factor("ret_1m", 0.15), STOCK)).toBe(
      "Fell 12.0% in a month, more than 8 in 10 stocks (raised its rank)",
    );
    expect(describeFactor(factor("vol_60d", 0.95, -1), STOCK)).toBe(
      "Volatility of 45.0% a year, higher than 9 in 10 stocks (lowered its rank)",
    );
    expect(describeFactor(factor("px_52w_high", 0.7), STOCK)).toBe(
      "Trades 3.0% below its 52-week high, closer than 7 in 10 stocks (raised its rank)",
    );
  });

  test("one template per feature: each says the stock's own value and its place among the members", () => {
    const expected: Record<(typeof STOCK_FEATURES)[number], string> = {
      ret_1w: "Rose 2.1% in a week, more than 6 in 10 stocks",
      ret_1m: "Fell 12.0% in a month, less than 6 in 10 stocks",
      ret_3m: "Rose 8.0% in three months, more than 6 in 10 stocks",
      ret_6m: "Rose 15.0% in six months, more than 6 in 10 stocks",
      ret_12m: "Rose 31.0% in a year, more than 6 in 10 stocks",
      mom_12_1: "Rose 47.0% from a year ago to a month ago, more than 6 in 10 stocks",
      mom_6_1: "Fell 5.0% from six months ago to a month ago, less than 6 in 10 stocks",
      px_sma50: "Trades 3.4% above its 50-day average, higher than 6 in 10 stocks",
      px_sma200: "Trades 6.2% below its 200-day average, higher than 6 in 10 stocks",
      sma50_sma200: "Its 50-day average is 1.1% above its 200-day average, higher than 6 in 10 stocks",
      macd_hist: "Short-term trend (MACD) turning down by 0.4% of its price, stronger than 6 in 10 stocks",
      rsi14: "RSI(14) of 74 (overbought), higher than 6 in 10 stocks",
      atr14: "Moves 2.3% of its price on an average day, more than 6 in 10 stocks",
      vol_20d: "Volatility of 38.0% a year over the last month, higher than 6 in 10 stocks",
      vol_60d: "Volatility of 45.0% a year, higher than 6 in 10 stocks",
      idio_vol: "Stock-specific volatility of 29.0% a year, higher than 6 in 10 stocks",
      beta: "Moves 1.32 times as much as the S&P 500 (beta), more than 6 in 10 stocks",
      pos_52w: "Trades 81.0% of the way up its 52-week range, higher than 6 in 10 stocks",
      px_52w_high: "Trades 3.0% below its 52-week high, closer than 6 in 10 stocks",
      volume_trend: "Volume this month 25.0% above its six-month average, higher than 6 in 10 stocks",
      dollar_volume: "Trades $2.4 billion a day, more than 6 in 10 stocks",
      max_ret_1m: "Largest daily gain this month 5.2%, higher than 6 in 10 stocks",
      illiquidity: "Price moves 0.4% per $1 billion traded, more than 6 in 10 stocks",
    };
    for (const name of STOCK_FEATURES)
      expect(describeFactor(factor(name, 0.65), STOCK)).toBe(`${expected[name]} (raised its rank)`);
  });

  test("market inputs are said as the market's state, from their own values", () => {
    const market = (name: FeatureName, value: number) =>
      describeFactor({ name, input: value, contribution: -0.1 }, STOCK);
    expect(market("mkt_ret_1m", -0.043)).toBe(
      "Market state: the S&P 500 fell 4.3% over the last month (lowered its rank)",
    );
    expect(market("mkt_ret_3m", 0.07)).toBe(
      "Market state: the S&P 500 rose 7.0% over the last three months (lowered its rank)",
    );
    expect(market("mkt_px_sma200", 0.052)).toBe(
      "Market state: the S&P 500 trades 5.2% above its 200-day average (lowered its rank)",
    );
    expect(market("mkt_vol_60d", 0.28)).toBe(
      "Market state: the S&P 500's volatility is 28.0% a year (turbulent) (lowered its rank)",
    );
    expect(market("dispersion", 0.081)).toBe(
      "Market state: stocks' 1-month returns are spread 8.1% apart, one standard deviation (lowered its rank)",
    );
  });

  test("at every place, from the lowest to the highest, a factor counts 5 to 9 in 10 stocks, never in 100", () => {
    for (const name of FEATURE_NAMES) {
      for (const place of [0, 0.01, 0.3, 0.5, 0.74, 0.99, 1]) {
        const text = describeFactor(factor(name, place), STOCK);
        expect(text).not.toContain("in 100 stocks");
        expect(text).not.toMatch(/\b(?:[0-4]|10) in 10 stocks/);
        if ((STOCK_FEATURES as readonly string[]).includes(name)) expect(text).toMatch(/[5-9] in 10 stocks/);
        else expect(text).toStartWith("Market state:");
      }
    }
  });

  test("a fall larger than most is 'more', a fall smaller than most is 'less'", () => {
    expect(describeFactor(factor("ret_1m", 0.02), STOCK)).toStartWith(
      "Fell 12.0% in a month, more than 9 in 10",
    );
    expect(describeFactor(factor("ret_1m", 0.8), STOCK)).toStartWith(
      "Fell 12.0% in a month, less than 8 in 10",
    );
    expect(describeFactor(factor("ret_3m", 0.2), STOCK)).toStartWith(
      "Rose 8.0% in three months, less than 8 in 10",
    );
  });
});

test("a factor's short label says which way it pushed the rank, as the reasoning lists it", () => {
  expect(labelledFactor({ name: "ret_1m", contribution: 0.2 })).toBe("1-month return (raised its rank)");
  expect(labelledFactor({ name: "ret_1m", contribution: -0.2 })).toBe("1-month return (lowered its rank)");
});
