import { describe, expect, test } from "bun:test";
import { positionAmong, positionsWithin, universeInputs } from "./cross-section.ts";
import {
  type Bar,
  FEATURE_NAMES,
  MIN_HISTORY,
  marketFeaturesAt,
  STOCK_FEATURES,
  stockFeaturesAt,
} from "./features.ts";

/** A hand-made series: close rises by 1 a day from 100, high/low one above/below, volume steps up at the end. */
function rising(n: number, start = 100): Bar[] {
  return Array.from({ length: n }, (_, i) => {
    const close = start + i;
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

/** A deterministic wiggly series (no randomness: a sum of sines) for properties that need varied returns. */
function wiggly(n: number, phase: number): Bar[] {
  return Array.from({ length: n }, (_, i) => {
    const close =
      100 * Math.exp(0.0004 * i + 0.05 * Math.sin(i / 7 + phase) + 0.03 * Math.sin(i / 31 + 2 * phase));
    const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return {
      date,
      high: close * 1.01,
      low: close * 0.99,
      close,
      adjClose: close,
      volume: 1000 + ((i * 37) % 500),
    };
  });
}

describe("stock features against hand-computed values", () => {
  const bars = rising(300);
  const benchmark = new Map(bars.map((b, i) => [b.date, 1000 * 1.001 ** i]));
  const i = bars.length - 1;
  const f = stockFeaturesAt(bars, i, benchmark)!;
  const px = 100 + i;

  test("nothing before a year of history", () => {
    expect(stockFeaturesAt(bars, MIN_HISTORY - 1, benchmark)).toBeNull();
    expect(stockFeaturesAt(bars, MIN_HISTORY, benchmark)).not.toBeNull();
    expect(Object.keys(f).sort()).toEqual([...STOCK_FEATURES].sort());
  });

  test("returns, momentum, averages and the 52-week range", () => {
    expect(f.ret_1w).toBeCloseTo(px / (px - 5) - 1, 12);
    expect(f.ret_12m).toBeCloseTo(px / (px - 252) - 1, 12);
    expect(f.mom_12_1).toBeCloseTo((px - 21) / (px - 252) - 1, 12);
    expect(f.px_sma50).toBeCloseTo(px / (px - 24.5) - 1, 12);
    expect(f.rsi14).toBe(1); // only gains
    expect(f.atr14).toBeCloseTo(2 / px, 12); // true range 2 every day
    expect(f.px_52w_high).toBeCloseTo(px / (px + 1) - 1, 12);
    expect(f.pos_52w).toBeCloseTo((px - (px - 251 - 1)) / (px + 1 - (px - 252)), 12);
    expect(f.volume_trend).toBeCloseTo(Math.log(2000 / ((100 * 1000 + 20 * 2000) / 120)), 12);
  });
});

describe("no look-ahead and fixed windows", () => {
  const bars = wiggly(700, 0.3);
  const benchmark = new Map(wiggly(700, 1.1).map((b) => [b.date, b.adjClose]));

  test("a session's features ignore every later session", () => {
    const i = 500;
    const before = stockFeaturesAt(bars, i, benchmark);
    const changed = bars.map((b, k) =>
      k > i ? { ...b, close: 1, adjClose: 1, high: 1, low: 1, volume: 1 } : b,
    );
    const index = new Map([...benchmark].map(([d, v], k) => [d, k > i ? 1 : v]));
    expect(stockFeaturesAt(changed, i, index)).toEqual(before);
    expect(stockFeaturesAt(bars.slice(0, i + 1), i, benchmark)).toEqual(before);
  });

  test("they are the same however much history was loaded before the window", () => {
    const i = 650;
    const full = stockFeaturesAt(bars, i, benchmark)!;
    const cut = 650 - MIN_HISTORY;
    expect(stockFeaturesAt(bars.slice(cut), i - cut, benchmark)).toEqual(full);
  });

  test("market features only read the index up to the date", () => {
    const index = wiggly(700, 1.1);
    const before = marketFeaturesAt(index, 400);
    expect(marketFeaturesAt(index.slice(0, 401), 400)).toEqual(before);
  });
});

describe("cross-sectional ranks", () => {
  test("ties share their place, the best stock is 1 and the worst 0", () => {
    expect(positionsWithin([3, 1, 2, 2])).toEqual([1, 0, 0.5, 0.5]);
    expect(positionsWithin([7])).toEqual([0.5]);
  });

  test("an outside stock is placed among the universe by the same rule", () => {
    expect(positionAmong([1, 2, 3, 4], 2.5)).toBe(0.5);
    expect(positionAmong([1, 2, 3, 4], 0)).toBe(0);
    expect(positionAmong([1, 2, 2, 4], 2)).toBe(0.5);
  });

  test("inputs are stock ranks in [-1, 1] followed by the shared market features", () => {
    const benchmark = new Map(wiggly(400, 1.1).map((b) => [b.date, b.adjClose]));
    const rows = [0.1, 0.7, 1.9].map((phase, k) => ({
      symbol: `S${k}`,
      stock: stockFeaturesAt(wiggly(400, phase), 380, benchmark)!,
    }));
    const market = marketFeaturesAt(wiggly(400, 1.1), 380)!;
    const inputs = universeInputs(rows, market);
    expect(inputs.every((x) => x.length === FEATURE_NAMES.length)).toBe(true);
    for (let j = 0; j < STOCK_FEATURES.length; j++) {
      const column = inputs.map((x) => x[j]!);
      expect(column.every((v) => v >= -1 && v <= 1)).toBe(true);
      expect(column.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
    }
    // 1-month returns differ, so their ranks are -1, 0 and 1.
    expect(inputs.map((x) => x[STOCK_FEATURES.indexOf("ret_1m")]).sort()).toEqual([-1, 0, 1]);
    expect(inputs[0]!.slice(STOCK_FEATURES.length, -1)).toEqual(Object.values(market));
  });
});
