import { describe, expect, test } from "bun:test";
import { decideCall } from "./calls.ts";
import { addTradingDays, MODEL, riskLevel } from "./engine.ts";
import { type Bar, FEATURE_NAMES, featureSeries, MIN_HISTORY } from "./features.ts";
import { predict } from "./model.ts";

/** A hand-made series: close rises by 1 a day from 100, high/low one above/below, volume steps up at the end. */
function rising(n: number): Bar[] {
  return Array.from({ length: n }, (_, i) => {
    const close = 100 + i;
    const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return {
      date,
      high: close + 1,
      low: close - 1,
      close,
      adjClose: close,
      volume: i >= n - 20 ? 2000 : 1000,
    };
  });
}

describe("features against hand-computed values", () => {
  const bars = rising(260);
  const benchmark = new Map(bars.map((b, i) => [b.date, 1000 * 1.001 ** i]));
  const series = featureSeries(bars, benchmark);
  const last = series.at(-1)!;
  const px = 359; // 100 + 259

  test("nothing before enough history; a vector from the 253rd session on", () => {
    expect(series.slice(0, MIN_HISTORY - 1).every((f) => f === null)).toBe(true);
    expect(series[MIN_HISTORY - 1]).not.toBeNull();
    expect(Object.keys(last).sort()).toEqual([...FEATURE_NAMES].sort());
  });

  test("returns over 1, 3, 6 and 12 months", () => {
    expect(last.ret_1m).toBeCloseTo(px / (px - 21) - 1, 12);
    expect(last.ret_3m).toBeCloseTo(px / (px - 63) - 1, 12);
    expect(last.ret_6m).toBeCloseTo(px / (px - 126) - 1, 12);
    expect(last.ret_12m).toBeCloseTo(px / (px - 252) - 1, 12);
  });

  test("moving averages: the mean of the last 50 and 200 closes", () => {
    const sma50 = px - 24.5;
    const sma200 = px - 99.5;
    expect(last.px_sma50).toBeCloseTo(px / sma50 - 1, 12);
    expect(last.px_sma200).toBeCloseTo(px / sma200 - 1, 12);
    expect(last.sma50_sma200).toBeCloseTo(sma50 / sma200 - 1, 12);
  });

  test("RSI of a series that only rises is 100; MACD histogram of a straight line tends to 0", () => {
    expect(last.rsi14).toBeCloseTo(1, 12);
    expect(Math.abs(last.macd_hist)).toBeLessThan(1e-6);
  });

  test("ATR: every true range is 2, so the average is 2", () => {
    expect(last.atr14).toBeCloseTo(2 / px, 12);
  });

  test("volatility of a steady rise, 52-week position, volume trend", () => {
    // Daily log returns ln(1 + 1/p) shrink slowly; their standard deviation is tiny but not zero.
    expect(last.vol_20d).toBeGreaterThan(0);
    expect(last.vol_20d).toBeLessThan(0.001);
    // The 52-week range runs from the lowest low (low of 252 sessions ago) to today's high.
    const lo = px - 251 - 1;
    const hi = px + 1;
    expect(last.pos_52w).toBeCloseTo((px - lo) / (hi - lo), 12);
    // 20-session average 2000 against a 120-session average of (100*1000 + 20*2000)/120.
    expect(last.volume_trend).toBeCloseTo(Math.log(2000 / ((100 * 1000 + 20 * 2000) / 120)), 12);
  });

  test("relative strength and the market's own trend come from the benchmark", () => {
    expect(last.rs_3m).toBeCloseTo(px / (px - 63) - 1.001 ** 63, 12);
    expect(last.rs_6m).toBeCloseTo(px / (px - 126) - 1.001 ** 126, 12);
    expect(last.mkt_ret_1m).toBeCloseTo(1.001 ** 21 - 1, 12);
  });

  test("no look-ahead: changing later sessions does not change earlier vectors", () => {
    const changed = bars.map((b, i) =>
      i > 255 ? { ...b, close: b.close * 3, adjClose: b.adjClose * 3, high: b.high * 3 } : b,
    );
    const again = featureSeries(changed, benchmark);
    expect(again[255]).toEqual(series[255]!);
    expect(again[259]).not.toEqual(series[259]!);
  });
});

describe("model and calls", () => {
  test("the committed model gives probabilities between 0 and 1 and explains itself", () => {
    const f = featureSeries(rising(300), new Map()).at(-1)!;
    const p = predict(MODEL, f, "2023-10-27");
    expect(p.probabilityUp).toBeGreaterThan(0);
    expect(p.probabilityUp).toBeLessThan(1);
    expect(p.contributions).toHaveLength(FEATURE_NAMES.length);
    expect(Number.isFinite(p.expectedReturn)).toBe(true);
  });

  test("calls and the probability that they are right", () => {
    expect(decideCall(0.62, { px_sma200: 0.1 })).toEqual({ call: "BUY", probabilityRight: 0.62 });
    expect(decideCall(0.4, { px_sma200: 0.1 })).toEqual({ call: "SELL", probabilityRight: 0.6 });
    expect(decideCall(0.5, { px_sma200: 0.1 })).toEqual({ call: "HOLD", probabilityRight: 0.5 });
    expect(decideCall(0.48, { px_sma200: -0.1 }).call).toBe("WATCH");
    expect(decideCall(0.48, { px_sma200: -0.1 }).probabilityRight).toBeCloseTo(0.52, 12);
  });

  test("target dates skip weekends; risk levels from volatility", () => {
    expect(addTradingDays("2023-10-27", 1)).toBe("2023-10-30");
    expect(addTradingDays("2023-10-27", 20)).toBe("2023-11-24");
    expect([riskLevel(0.2), riskLevel(0.3), riskLevel(0.5)]).toEqual(["LOW", "MEDIUM", "HIGH"]);
  });
});
