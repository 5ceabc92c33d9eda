import type { Db } from "../../db/client.ts";
import {
  type AnalysisPort,
  computeAnew,
  type InsightDraft,
  type Keep,
  type ModelView,
} from "../lib/analysis-port.ts";
import {
  calendarDay,
  cents,
  chancePercent,
  money,
  roundHalfAway,
  signedPercent,
  sizePercent,
  wholePercent,
} from "../lib/format.ts";
import { UnknownSymbolError } from "../lib/market-port.ts";
import { addTradingSessions } from "../lib/trading-calendar.ts";
import { BENCHMARK } from "../market/benchmark.ts";
import { barsUpTo, findSecurity, universeSeries } from "../market/price-history.ts";
import {
  type CrossSection,
  type CrossSectionRow,
  crossSectionOf,
  outsiderInputs,
  universeInputs,
} from "./cross-section.ts";
import { describeFactor, labelledFactor } from "./describe.ts";
import { type Bar, MIN_HISTORY, marketFeaturesAt, type StockFeatures, stockFeaturesAt } from "./features.ts";
import { fittedRangeText } from "./fitted-range.constants.ts";
import { isMemberOn } from "./index-membership.ts";
import { EDGE_SIGNIFICANT } from "./model-card.ts";
import { statedEventFor } from "./model-evidence.ts";
import { storedModelFor } from "./model-store.ts";
import { heldBackCoverageOf, RANGE_BANDS, RANGE_HELD_BACK_YEARS } from "./range-calibration.ts";
import { type Ranked, type RankerModel, rankOutsider, rankUniverse, topFactors } from "./ranker.ts";
import { AGGRESSIVE_VOLATILITY, LOW_VOLATILITY } from "./risk-scale.constants.ts";

/** Sessions of prices loaded before a date: a year of features, and a month to spare for a stock's missing bars. */
const LOOKBACK_SESSIONS = MIN_HISTORY + 21;

/** The spec's three risk levels on the one scale: HIGH is Aggressive, LOW and MEDIUM Conservative. */
export function riskLevel(volatility: number): "LOW" | "MEDIUM" | "HIGH" {
  if (volatility < LOW_VOLATILITY) return "LOW";
  if (volatility < AGGRESSIVE_VOLATILITY) return "MEDIUM";
  return "HIGH";
}

/** One stock as the model saw it on a date. */
export interface Scored extends Ranked {
  asOf: string;
  close: number;
  stock: StockFeatures;
  input: number[];
  model: RankerModel;
  /** Index members ranked that date. */
  universeSize: number;
  /** Whether the stock was an S&P 500 member that date (an outsider is placed among the members). */
  member: boolean;
}

/** A date's universe, scored: every index member with a year of prices on that date (decision 065). */
export interface UniverseOnDate {
  date: string;
  model: RankerModel;
  scored: Scored[];
  section: CrossSection;
  scoresAscending: number[];
  /** The members' 60-day volatilities, ascending: an outsider's volatility fifth is its place among them. */
  volsAscending: number[];
}

/** Builds the insight for one scored stock: call, decile, calibrated confidence, expected excess return, reasons. */
export function toInsight(scored: Scored, name: string): InsightDraft {
  const { model, close, asOf, symbol } = scored;
  const confidence = chancePercent(scored.probability);
  const excess = scored.expectedExcessReturn;
  const projected = close * (1 + excess);
  const top = topFactors(model, scored.input);
  const stale = asOf > model.splits.servesUntil;
  const verb = scored.event === "beat" ? "beat" : "trail";
  const horizon = `${model.horizonDays} trading days`;
  const place = scored.member
    ? `Ranked against the ${scored.universeSize} S&P 500 members that day`
    : `${symbol} is not an S&P 500 member on ${calendarDay(asOf)}: placed among the index's ${scored.universeSize} members that ` +
      "day as an outsider";
  const expected =
    excess === 0
      ? "It is expected to match the median stock"
      : `It is expected to ${excess > 0 ? "beat" : "trail"} the median stock by ${sizePercent(excess)}`;
  const reasoning = [
    `${name} (${symbol}) closed at ${money(close)} on ${calendarDay(asOf)}.`,
    `${place}, it sits in decile ${scored.decile} of 10 (10 is the best-ranked tenth), so the call is ${scored.call}.`,
    `The model gives it a ${confidence}% chance to ${verb} the median S&P 500 stock over the next ${horizon}, ` +
      "against 50% for a coin flip.",
    EDGE_SIGNIFICANT
      ? ""
      : "Its out-of-sample record does not clear the bar for the number of designs tried (see the model card), " +
        "so read that chance as little better than the coin flip.",
    `${expected} over that horizon, in a ` +
      `${fittedRangeText(signedPercent(scored.expectedExcessLow), signedPercent(scored.expectedExcessHigh))} ` +
      "against the median, set by its own volatility.",
    // The share measured on years held back from the range's fit, for the stock's own volatility fifth (decision 121).
    `For stocks as volatile, such ranges held ${wholePercent(heldBackCoverageOf(scored.volatilityFifth))} of ` +
      `outcomes in a test on ${RANGE_HELD_BACK_YEARS}.`,
    `What moved its rank most: ${top.map(labelledFactor).join(", ")}.`,
    stale
      ? `Model ${model.version}, trained on outcomes through ${calendarDay(model.trainedThrough)}, older than the data it scores.`
      : `Model ${model.version}.`,
  ]
    .filter(Boolean)
    .join(" ");
  return {
    symbol,
    recommendation: scored.call,
    riskLevel: riskLevel(scored.stock.vol_60d),
    currentPrice: cents(close),
    projectedPrice: cents(projected),
    confidence,
    timeHorizon: horizon,
    targetDate: addTradingSessions(asOf, model.horizonDays),
    reasoning,
    newsImpact: "NEUTRAL",
    keyFactors: top.map((f) => describeFactor(f, scored.stock)),
    newsSummary: null,
    probability: roundHalfAway(scored.probability, 4),
    modelVersion: model.version,
    asOf,
    decile: scored.decile,
    expectedReturn: null,
    expectedReturnLow: null,
    expectedReturnHigh: null,
    horizonDays: model.horizonDays,
    expectedExcessReturn: excess,
    expectedExcessLow: scored.expectedExcessLow,
    expectedExcessHigh: scored.expectedExcessHigh,
    statedEvent: statedEventFor(scored.decile, scored.call),
    edgeSignificant: EDGE_SIGNIFICANT,
    modelTrainedThrough: model.trainedThrough,
    modelStale: stale,
  };
}

/** What a scored stock's rank says, without the prose of an insight. */
function viewOf(scored: Scored): ModelView {
  return {
    decile: scored.decile,
    probability: roundHalfAway(scored.probability, 4),
    statedEvent: statedEventFor(scored.decile, scored.call),
    call: scored.call,
    asOf: scored.asOf,
    horizonDays: scored.model.horizonDays,
    edgeSignificant: EDGE_SIGNIFICANT,
    modelStale: scored.asOf > scored.model.splits.servesUntil,
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

/**
 * The analysis engine on the market's daily prices as of `asOf()`, with no look-ahead: each date is scored with
 * prices up to it and by the model trained before it (read from the database once: model-store.ts). It keeps nothing: a caller
 * that analyses often passes `keep`, and a date's scored universe is then kept where the caller keeps it (the
 * analyze route: in the app's cache, per market data version, decision 076).
 */
export function createAnalysisEngine(
  db: Db,
  asOf: () => string,
  pickModel: (date: string) => RankerModel | null | Promise<RankerModel | null> = (date) =>
    storedModelFor(db, date),
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
      const model = await pickModel(date);
      const market = marketFeaturesAt(index, sessionIndex(index, date));
      if (!model || !market) continue;
      const members: Array<CrossSectionRow & { bar: Bar }> = [];
      for (const [symbol, bars] of bySymbol) {
        // Only that date's index members are ranked: scoring stocks that joined later is look-ahead (decision 065).
        if (!isMemberOn(symbol, date)) continue;
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
        members.map((m) => m.stock.vol_60d),
        RANGE_BANDS,
      );
      out.set(date, {
        date,
        model,
        section: crossSectionOf(members, market),
        scoresAscending: ranked.map((r) => r.raw).sort((a, b) => a - b),
        volsAscending: members.map((m) => m.stock.vol_60d).sort((a, b) => a - b),
        scored: ranked.map((r, k) => ({
          ...r,
          asOf: date,
          close: members[k]!.bar.close,
          stock: members[k]!.stock,
          input: inputs[k]!,
          model,
          universeSize: members.length,
          member: true,
        })),
      });
    }
    return out;
  }

  function universeOn(date: string, keep: Keep): Promise<UniverseOnDate | null> {
    return keep(date, () => universesOn([date]).then((m) => m.get(date) ?? null));
  }

  /**
   * A symbol outside the universe (not a member that day, or a member without a bar that day): its own features
   * placed among the members'.
   */
  async function scoreOutsider(symbol: string, universe: UniverseOnDate): Promise<Scored | null> {
    const [bars, index] = await Promise.all([
      barsUpTo(db, symbol, universe.date, MIN_HISTORY + 5),
      barsUpTo(db, BENCHMARK, universe.date, MIN_HISTORY + 140),
    ]);
    const own = toBars(bars);
    if (!own.length) return null;
    const stock = stockFeaturesAt(own, own.length - 1, new Map(index.map((b) => [b.date, b.adjClose])));
    if (!stock) return null;
    const input = outsiderInputs(universe.section, stock);
    const ranked = rankOutsider(universe.model, symbol, input, universe, stock.vol_60d, RANGE_BANDS);
    const asOf = own.at(-1)!.date;
    return {
      ...ranked,
      asOf,
      close: own.at(-1)!.close,
      stock,
      input,
      model: universe.model,
      universeSize: universe.scored.length,
      member: isMemberOn(symbol, asOf),
    };
  }

  /** The last session on or before the market's today (a live market's today may be a weekend or not yet closed). */
  async function lastSession(): Promise<string> {
    const [last] = await barsUpTo(db, BENCHMARK, asOf(), 1);
    return last?.date ?? asOf();
  }

  const engine = {
    async analyze(symbol: string, keep: Keep = computeAnew): Promise<InsightDraft> {
      const security = await findSecurity(db, symbol);
      if (!security || symbol === BENCHMARK) throw new UnknownSymbolError(symbol);
      const date = await lastSession();
      const universe = await universeOn(date, keep);
      if (!universe)
        throw new UnknownSymbolError(symbol, `No market data to rank ${symbol} against on ${date}`);
      const scored =
        universe.scored.find((s) => s.symbol === symbol) ?? (await scoreOutsider(symbol, universe));
      if (!scored) throw new UnknownSymbolError(symbol, `Not enough price history for ${symbol}`);
      return toInsight(scored, security.name);
    },
    async currentViews(
      symbols: readonly string[],
      keep: Keep = computeAnew,
    ): Promise<Map<string, ModelView>> {
      const views = new Map<string, ModelView>();
      const wanted = symbols.filter((s) => s !== BENCHMARK);
      if (!wanted.length) return views;
      const universe = await universeOn(await lastSession(), keep);
      if (!universe) return views;
      const members = new Map(universe.scored.map((s) => [s.symbol, s]));
      for (const symbol of new Set(wanted)) {
        const scored = members.get(symbol) ?? (await scoreOutsider(symbol, universe));
        if (scored) views.set(symbol, viewOf(scored));
      }
      return views;
    },
    /** Scores every index member as of `date` from one read of the universe's prices. */
    async scoreUniverse(date: string): Promise<Scored[]> {
      return (await universeOn(date, computeAnew))?.scored ?? [];
    },
    /** Scores every index member on each of `dates` (trading days) from one read of prices. */
    async scoreUniverseOn(dates: readonly string[]): Promise<Map<string, Scored[]>> {
      const universes = await universesOn(dates);
      return new Map([...dates].map((d) => [d, universes.get(d)?.scored ?? []]));
    },
  } satisfies AnalysisPort & Record<string, unknown>;
  return engine;
}

export type AnalysisEngine = ReturnType<typeof createAnalysisEngine>;
