// A small resolved sample for the pre-registered test (docs/model/preregistration.md), through the real repository:
// live scorings of the registered model file on three of its scoring dates, with stored prices after them, and the
// market moved on to 2027-03-29 so their outcomes are known. Per date the Spearman correlations are 1, 0.8 and
// -0.4 (mean 0.4667, SD 0.7572, t 1.0675, one-sided p 0.1988); 2027-02-26, a scoring date, is missed.
// The first date also carries the range served to each member, one per volatility fifth, for the check of the ranges
// (docs/model/preregistration-ranges.md): its 60-session outcome (to 2027-02-26) is known, and against the median
// return (+6%) fifth 1's member fell below its range, fifth 3's above, the others inside.
import { dailyPrices } from "../../db/schema/index.ts";
import { recordLiveScoring } from "../analysis/live-scores.ts";
import { PREREGISTRATION } from "../analysis/preregistration.ts";
import { configureMarket } from "../market/configure.ts";
import type { TestApp } from "./harness.ts";

export const SAMPLE_MARKET_DAY = "2027-03-29";

const bar = (symbol: string, date: string, adjClose: number) => ({
  symbol,
  date,
  open: adjClose,
  high: adjClose,
  low: adjClose,
  close: adjClose,
  adjClose,
  volume: 1_000,
});

/** A served range: the member's volatility fifth and an excess range of ±`half` around an expected 0. */
const range = (volatilityFifth: number, half: number) => ({
  expectedExcess: 0,
  excessLow: -half,
  excessHigh: half,
  volatilityFifth,
});

const scores = (entries: Record<string, number | null>, served: Record<string, ReturnType<typeof range>>) =>
  Object.entries(entries).map(([symbol, score]) => ({ symbol, score, ...served[symbol] }));

export async function seedLiveSample(t: TestApp): Promise<void> {
  const { db } = t.deps.database;
  const record = (
    date: string,
    entries: Record<string, number | null>,
    { modelSha256 = PREREGISTRATION.sha256, served = {} } = {},
  ) =>
    recordLiveScoring(db, {
      date,
      modelVersion: PREREGISTRATION.modelVersion,
      modelSha256,
      scores: scores(entries, served),
    });
  const ranked = { ZTA: 0.1, ZTB: 0.2, ZTC: 0.3, ZTD: 0.4 };
  // Excess over the median +6% at 2027-02-26: ZTA -3.06% (range ±2%: below), ZTB -1.95% (±5%: inside), ZTC +4.33%
  // (±4%: above), ZTD +2.15% (to its last close, ±10%: inside), ZTE 0 (to its last close, ±10%: inside).
  const firstDate = { ...ranked, ZTE: 0.5 };
  const firstRanges = {
    ZTA: range(1, 0.02),
    ZTB: range(2, 0.05),
    ZTC: range(3, 0.04),
    ZTD: range(4, 0.1),
    ZTE: range(5, 0.1),
  };
  await db.insert(dailyPrices).values([
    // 2026-11-30 → 2026-12-29: -2%, +1%, +3%, +5%, +6%, as ranked: ρ = 1.
    ...["ZTA", "ZTB", "ZTC", "ZTD", "ZTE"].map((s) => bar(s, "2026-11-30", 100)),
    bar("ZTA", "2026-12-29", 98),
    bar("ZTB", "2026-12-29", 101),
    bar("ZTC", "2026-12-29", 103),
    bar("ZTD", "2026-12-29", 105),
    bar("ZTE", "2026-12-29", 106),
    // 2026-12-29 → 2027-01-28: +1%, +2%, +4%, and ZTD +3% to its last close on 2027-01-05: ranks 1,2,4,3, ρ = 0.8.
    bar("ZTA", "2027-01-28", 98.98),
    bar("ZTB", "2027-01-28", 103.02),
    bar("ZTC", "2027-01-28", 107.12),
    bar("ZTD", "2027-01-05", 108.15),
    // 2027-01-28 → 2027-02-26: +4%, +1%, +3%, +2%: ranks 4,1,3,2, ρ = -0.4.
    bar("ZTF", "2027-01-28", 50),
    bar("ZTA", "2027-02-26", 98.98 * 1.04),
    bar("ZTB", "2027-02-26", 103.02 * 1.01),
    bar("ZTC", "2027-02-26", 107.12 * 1.03),
    bar("ZTF", "2027-02-26", 51),
    bar("ZTA", SAMPLE_MARKET_DAY, 100),
  ]);
  await record("2026-11-30", firstDate, { served: firstRanges });
  // ZTE: a member the model could not score, left out and counted. Rows with and without a range in one insert, as
  // the daily job writes them (not a date of the range check).
  await record("2026-12-29", { ...ranked, ZTE: null }, { served: { ZTA: range(1, 0.1) } });
  await record("2027-01-28", { ZTA: 0.1, ZTB: 0.2, ZTC: 0.3, ZTF: 0.4 });
  // Not a scoring date, and another model file on a scoring date: neither counts (both perfectly wrong).
  await record("2026-12-01", { ZTA: 0.4, ZTB: 0.3, ZTC: 0.2, ZTD: 0.1 });
  await record("2026-11-30", { ZTA: 0.4, ZTB: 0.3, ZTC: 0.2, ZTD: 0.1 }, { modelSha256: "0".repeat(64) });
  await configureMarket(t.deps, { MARKET_AS_OF: SAMPLE_MARKET_DAY });
}
