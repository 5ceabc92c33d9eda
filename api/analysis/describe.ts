import type { FeatureName, FeatureVector } from "./features.ts";

const pct = (x: number, digits = 1) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(digits)}%`;

/** A sentence a person can read for one feature's value. */
export function describeFeature(name: FeatureName, f: FeatureVector): string {
  switch (name) {
    case "ret_1m":
      return `1-month return ${pct(f.ret_1m)}`;
    case "ret_3m":
      return `3-month return ${pct(f.ret_3m)}`;
    case "ret_6m":
      return `6-month return ${pct(f.ret_6m)}`;
    case "ret_12m":
      return `12-month return ${pct(f.ret_12m)}`;
    case "px_sma50":
      return `Price ${pct(f.px_sma50)} against its 50-day average`;
    case "px_sma200":
      return `Price ${pct(f.px_sma200)} against its 200-day average`;
    case "sma50_sma200":
      return f.sma50_sma200 >= 0
        ? `50-day average above the 200-day (${pct(f.sma50_sma200)}): uptrend`
        : `50-day average below the 200-day (${pct(f.sma50_sma200)}): downtrend`;
    case "macd_hist":
      return `MACD histogram ${f.macd_hist >= 0 ? "positive" : "negative"} (${pct(f.macd_hist, 2)} of price)`;
    case "rsi14": {
      const rsi = f.rsi14 * 100;
      const state = rsi >= 70 ? " (overbought)" : rsi <= 30 ? " (oversold)" : "";
      return `RSI(14) ${rsi.toFixed(0)}${state}`;
    }
    case "atr14":
      return `Average true range ${(f.atr14 * 100).toFixed(1)}% of price a day`;
    case "vol_20d":
      return `20-day volatility ${(f.vol_20d * 100).toFixed(0)}% a year`;
    case "vol_60d":
      return `60-day volatility ${(f.vol_60d * 100).toFixed(0)}% a year`;
    case "pos_52w":
      return `At ${(f.pos_52w * 100).toFixed(0)}% of its 52-week range`;
    case "volume_trend":
      return `Volume ${pct(Math.exp(f.volume_trend) - 1, 0)} against its 6-month average`;
    case "rs_3m":
      return `${pct(f.rs_3m)} against the S&P 500 over 3 months`;
    case "rs_6m":
      return `${pct(f.rs_6m)} against the S&P 500 over 6 months`;
    case "mkt_ret_1m":
      return `S&P 500 ${pct(f.mkt_ret_1m)} over the last month`;
    case "mkt_ret_3m":
      return `S&P 500 ${pct(f.mkt_ret_3m)} over 3 months`;
    case "mkt_px_sma200":
      return `S&P 500 ${pct(f.mkt_px_sma200)} against its 200-day average`;
  }
}
