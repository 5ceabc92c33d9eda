import type { Db } from "../../db/client.ts";
import type { AnalysisPort, InsightDraft } from "../lib/analysis-port.ts";
import { createDerivedData, type DerivedData, readDataVersions, stampOf } from "../lib/derived-data.ts";
import { UnknownSymbolError } from "../lib/market-port.ts";
import { addTradingSessions } from "../lib/trading-calendar.ts";
import { BENCHMARK } from "../market/demo-import.ts";
import { barsUpTo, findSecurity, universeSeries } from "../market/price-history.ts";
import {
  type CrossSection,
  type CrossSectionRow,
  crossSectionOf,
  outsiderInputs,
  universeInputs,
} from "./cross-section.ts";
import { describeFactor } from "./describe.ts";
import { type Bar, MIN_HISTORY, marketFeaturesAt, type StockFeatures, stockFeaturesAt } from "./features.ts";
import { modelFor } from "./models/registry.ts";
import { type Ranked, type RankerModel, rankOutsider, rankUniverse, topFactors } from "./ranker.ts";

/** Sessions of prices loaded before a date: a year of features, and a month to spare for a stock's missing bars. */
const LOOKBACK_SESSIONS = MIN_HISTORY + 21;

export function riskLevel(volatility: number): "LOW" | "MEDIUM" | "HIGH" {
  if (volatility < 0.25) return "LOW";
  if (volatility < 0.4) return "MEDIUM";
  return "HIGH";
}

/** Where engines keep the scored universes in the derived-data store. */
export const UNIVERSE_SLOT = "universe ranks";
let engines = 0;

/** One stock as the model saw it on a date. */
export interface Scored extends Ranked {
  asOf: string;
  close: number;
  stock: StockFeatures;
  input: number[];
  model: RankerModel;
  /** Stocks in that date's universe. */
  universeSize: number;
}

/** A date's universe, scored: every stock with a year of prices on that date, the benchmark excepted. */
export interface UniverseOnDate {
  date: string;
  model: RankerModel;
  scored: Scored[];
  section: CrossSection;
  scoresAscending: number[];
}

/** `+4.1%`: how a reason prints a stored fraction (tested against the stored fields). */
export const signedPercent = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;

/** Builds the insight for one scored stock: call, decile, calibrated confidence, expected return, the reasons. */
export function toInsight(scored: Scored, name: string): InsightDraft {
  const { model, close, asOf, symbol } = scored;
  const confidence = Math.round(scored.probability * 100);
  const projected = close * (1 + scored.expectedReturn);
  const factors = topFactors(model, scored.input).map(describeFactor);
  const event = scored.event === "beat" ? "beats" : "trails";
  const reasoning =
    `${name} (${symbol}) closed at $${close.toFixed(2)} on ${asOf}. Ranked against the ${scored.universeSize} stocks ` +
    `of the universe that day, it sits in decile ${scored.decile} of 10 (10 is the best-ranked tenth), so the call ` +
    `is ${scored.call}. The model puts the chance that its total return over the next ${model.horizonDays} trading ` +
    `days ${event} the universe's median stock at ${confidence}%, calibrated on earlier years it never trained on. ` +
    `Expected total return over that horizon: ${signedPercent(scored.expectedReturn)} (8 in 10 outcomes between ` +
    `${signedPercent(scored.expectedReturnLow)} and ${signedPercent(scored.expectedReturnHigh)}). What moved its ` +
    `rank most: ${factors.join("; ")}. Model ${model.version}; the universe is today's S&P 500 members, which ` +
    `flatters any back-test (see the model card).`;
  return {
    symbol,
    recommendation: scored.call,
    riskLevel: riskLevel(scored.stock.vol_60d),
    currentPrice: Number(close.toFixed(2)),
    projectedPrice: Number(projected.toFixed(2)),
    confidence,
    timeHorizon: `${model.horizonDays} trading days`,
    targetDate: addTradingSessions(asOf, model.horizonDays),
    reasoning,
    newsImpact: "NEUTRAL",
    keyFactors: factors.map((f) => f.charAt(0).toUpperCase() + f.slice(1)),
    newsSummary: null,
    probability: Number(scored.probability.toFixed(4)),
    modelVersion: model.version,
    asOf,
    decile: scored.decile,
    expectedReturn: scored.expectedReturn,
    expectedReturnLow: scored.expectedReturnLow,
    expectedReturnHigh: scored.expectedReturnHigh,
    horizonDays: model.horizonDays,
  };
}

function toBars(rows: ReadonlyArray<Bar>): Bar[] {
  return rows.map((r) => ({
    date: r.date,
    high: r.high,
    low: r.low,
    close: r.close,
    adjClose: r.adjClose,
    volume: r.volume,
  }));
}

/** A stored bar as the features read it, from universeSeries's values of `BAR_COLUMNS`. */
const BAR_COLUMNS = ["high", "low", "close", "adjClose", "volume"] as const;
const toBar = (date: string, v: ArrayLike<number>): Bar => ({
  date,
  high: v[0]!,
  low: v[1]!,
  close: v[2]!,
  adjClose: v[3]!,
  volume: v[4]!,
});

/** Where `date` is in bars ordered by date, or -1 (a binary search: a map per stock costs more for a date or two). */
function sessionIndex(bars: readonly Bar[], date: string): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return bars[lo]?.date === date ? lo : -1;
}

/** Dates whose scored universe is kept per market data version (each is a few hundred stocks' features). */
const UNIVERSE_DATES_KEPT = 2;

/**
 * The analysis engine on the market's daily prices as of `asOf()`, with no look-ahead: each date is scored with
 * prices up to it and by the model trained before it (api/analysis/models/registry.ts). A date's scored universe is
 * kept in `derived` until a write to the market data (by any process) bumps its version (decision 027).
 */
export function createAnalysisEngine(
  db: Db,
  asOf: () => string,
  pickModel: (date: string) => RankerModel | null = modelFor,
  derived: DerivedData = createDerivedData(),
) {
  /** Scores every stock on each of `dates` from one read of prices; each date uses only sessions up to it. */
  async function universesOn(dates: readonly string[]): Promise<Map<string, UniverseOnDate>> {
    const sorted = [...new Set(dates)].sort();
    const out = new Map<string, UniverseOnDate>();
    const first = sorted[0];
    const last = sorted.at(-1);
    if (!first || !last) return out;
    const bySymbol = await universeSeries(
      db,
      addTradingSessions(first, -LOOKBACK_SESSIONS),
      last,
      BAR_COLUMNS,
      toBar,
    );
    const index = bySymbol.get(BENCHMARK) ?? [];
    bySymbol.delete(BENCHMARK);
    const benchmark = new Map(index.map((b) => [b.date, b.adjClose]));
    for (const date of sorted) {
      const model = pickModel(date);
      const market = marketFeaturesAt(index, sessionIndex(index, date));
      if (!model || !market) continue;
      const members: Array<CrossSectionRow & { bar: Bar }> = [];
      for (const [symbol, bars] of bySymbol) {
        const i = sessionIndex(bars, date);
        if (i < 0) continue;
        const stock = stockFeaturesAt(bars, i, benchmark);
        if (stock) members.push({ symbol, stock, bar: bars[i]! });
      }
      if (!members.length) continue;
      const inputs = universeInputs(members, market);
      const ranked = rankUniverse(
        model,
        members.map((m) => m.symbol),
        inputs,
      );
      out.set(date, {
        date,
        model,
        section: crossSectionOf(members, market),
        scoresAscending: ranked.map((r) => r.raw).sort((a, b) => a - b),
        scored: ranked.map((r, k) => ({
          ...r,
          asOf: date,
          close: members[k]!.bar.close,
          stock: members[k]!.stock,
          input: inputs[k]!,
          model,
          universeSize: members.length,
        })),
      });
    }
    return out;
  }

  // The model picked for a date is part of what was computed, so an engine with another picker keeps its own.
  const slot = pickModel === modelFor ? UNIVERSE_SLOT : `${UNIVERSE_SLOT} ${engines++}`;
  async function universeOn(date: string): Promise<UniverseOnDate | null> {
    const { market } = await readDataVersions(db);
    return derived.get(
      slot,
      stampOf(market),
      date,
      () => universesOn([date]).then((m) => m.get(date) ?? null),
      UNIVERSE_DATES_KEPT,
    );
  }

  /** A symbol outside the universe (or without a bar that day): its own features placed among the universe's. */
  async function scoreOutsider(symbol: string, universe: UniverseOnDate): Promise<Scored | null> {
    const [bars, index] = await Promise.all([
      barsUpTo(db, symbol, universe.date, MIN_HISTORY + 5),
      barsUpTo(db, BENCHMARK, universe.date, MIN_HISTORY + 140),
    ]);
    const own = toBars(bars);
    const stock = stockFeaturesAt(own, own.length - 1, new Map(index.map((b) => [b.date, b.adjClose])));
    if (!stock) return null;
    const input = outsiderInputs(universe.section, stock);
    const ranked = rankOutsider(universe.model, symbol, input, universe.scoresAscending);
    return {
      ...ranked,
      asOf: own.at(-1)!.date,
      close: own.at(-1)!.close,
      stock,
      input,
      model: universe.model,
      universeSize: universe.scored.length,
    };
  }

  const engine = {
    async analyze(symbol: string): Promise<InsightDraft> {
      const security = await findSecurity(db, symbol);
      if (!security || symbol === BENCHMARK) throw new UnknownSymbolError(symbol);
      // The last session on or before the market's today (a live market's today may be a weekend or not yet closed).
      const [lastSession] = await barsUpTo(db, BENCHMARK, asOf(), 1);
      const date = lastSession?.date ?? asOf();
      const universe = await universeOn(date);
      if (!universe)
        throw new UnknownSymbolError(symbol, `No market data to rank ${symbol} against on ${date}`);
      const scored =
        universe.scored.find((s) => s.symbol === symbol) ?? (await scoreOutsider(symbol, universe));
      if (!scored) throw new UnknownSymbolError(symbol, `Not enough price history for ${symbol}`);
      return toInsight(scored, security.name);
    },
    /** Scores every stock as of `date` from one read of the universe's prices. */
    async scoreUniverse(date: string): Promise<Scored[]> {
      return (await universeOn(date))?.scored ?? [];
    },
    /** Scores every stock on each of `dates` (trading days) from one read of prices. */
    async scoreUniverseOn(dates: readonly string[]): Promise<Map<string, Scored[]>> {
      const universes = await universesOn(dates);
      return new Map([...dates].map((d) => [d, universes.get(d)?.scored ?? []]));
    },
  } satisfies AnalysisPort & Record<string, unknown>;
  return engine;
}

export type AnalysisEngine = ReturnType<typeof createAnalysisEngine>;
