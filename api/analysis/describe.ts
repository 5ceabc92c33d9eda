import type { FeatureName } from "./features.ts";
import type { Factor } from "./ranker.ts";

const LABELS: Record<FeatureName, string> = {
  ret_1w: "1-week return",
  ret_1m: "1-month return",
  ret_3m: "3-month return",
  ret_6m: "6-month return",
  ret_12m: "12-month return",
  mom_12_1: "12-1 month momentum",
  mom_6_1: "6-1 month momentum",
  px_sma50: "price against its 50-day average",
  px_sma200: "price against its 200-day average",
  sma50_sma200: "50-day against 200-day average",
  macd_hist: "MACD histogram",
  rsi14: "RSI(14)",
  atr14: "average true range",
  vol_20d: "20-day volatility",
  vol_60d: "60-day volatility",
  idio_vol: "stock-specific volatility",
  beta: "beta to the S&P 500",
  pos_52w: "place in its 52-week range",
  px_52w_high: "distance from its 52-week high",
  volume_trend: "volume trend",
  dollar_volume: "dollar volume traded",
  max_ret_1m: "largest daily gain this month",
  illiquidity: "illiquidity (price move per dollar traded)",
  mkt_ret_1m: "the S&P 500's 1-month return",
  mkt_ret_3m: "the S&P 500's 3-month return",
  mkt_px_sma200: "the S&P 500 against its 200-day average",
  mkt_vol_60d: "the S&P 500's volatility",
  dispersion: "how far apart stocks moved this month",
};

const MARKET = new Set<FeatureName>([
  "mkt_ret_1m",
  "mkt_ret_3m",
  "mkt_px_sma200",
  "mkt_vol_60d",
  "dispersion",
]);

/**
 * A sentence for one factor: where the stock stands in the universe on that input and which way it moved the rank.
 * Written without percentages, so a reason's only percentages are the stored model fields.
 */
export function describeFactor(factor: Factor): string {
  const direction = factor.contribution >= 0 ? "raised its rank" : "lowered its rank";
  if (MARKET.has(factor.name)) return `${LABELS[factor.name]} (the market's state) ${direction}`;
  const above = Math.round(((factor.input + 1) / 2) * 100);
  return `${LABELS[factor.name]} higher than ${above} in 100 stocks of the universe ${direction}`;
}
