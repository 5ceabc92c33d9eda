import type { Db } from "../../db/client.ts";
import type { AnalysisPort, InsightDraft } from "../lib/analysis-port.ts";
import { UnknownSymbolError } from "../lib/market-port.ts";
import { BENCHMARK } from "../market/demo-import.ts";
import { barsUpTo, findSecurity, universeBars } from "../market/price-history.ts";
import { decideCall } from "./calls.ts";
import { describeFeature } from "./describe.ts";
import { type Bar, type FeatureName, type FeatureVector, featureSeries, MIN_HISTORY } from "./features.ts";
import modelJson from "./model.json" with { type: "json" };
import { type ModelParams, type Prediction, predict } from "./model.ts";

export const MODEL = modelJson as unknown as ModelParams;

/** Sessions loaded for one analysis: enough for the 200-day average to settle and the 52-week range. */
const LOOKBACK = MIN_HISTORY + 120;

export { UnknownSymbolError };

/** `date` plus `n` weekdays (exchange holidays are not modelled). */
export function addTradingDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

export function riskLevel(volatility: number): "LOW" | "MEDIUM" | "HIGH" {
  if (volatility < 0.25) return "LOW";
  if (volatility < 0.4) return "MEDIUM";
  return "HIGH";
}

export interface Scored {
  symbol: string;
  asOf: string;
  close: number;
  features: FeatureVector;
  prediction: Prediction;
}

/** Builds the insight for one scored symbol: call, calibrated confidence, target, and the reasons. */
export function toInsight(scored: Scored, name: string, model: ModelParams = MODEL): InsightDraft {
  const { features, prediction, close, asOf, symbol } = scored;
  const { call, probabilityRight } = decideCall(prediction.probabilityUp, features);
  const projected = close * (1 + model.indexDrift + prediction.expectedReturn);
  const top = [...prediction.contributions]
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .slice(0, 4);
  const keyFactors = top.map((c) => describeFeature(c.name as FeatureName, features));
  const confidence = Math.round(probabilityRight * 100);
  const beat = Math.round(prediction.probabilityUp * 100);
  const reasoning =
    `${name} (${symbol}) closed at $${close.toFixed(2)} on ${asOf}. The model puts the chance that it beats the ` +
    `S&P 500 over the next ${model.horizonDays} trading days at ${beat}%, so the call is ${call} with ${confidence}% ` +
    `confidence (calibrated: calls stated at this level have come true about that often on data the model never saw). ` +
    `Strongest inputs: ${keyFactors.join("; ")}. Risk is ${riskLevel(features.vol_60d).toLowerCase()} with ` +
    `${(features.vol_60d * 100).toFixed(0)}% annualised volatility over 60 sessions.`;
  return {
    symbol,
    recommendation: call,
    riskLevel: riskLevel(features.vol_60d),
    currentPrice: Number(close.toFixed(2)),
    projectedPrice: Number(projected.toFixed(2)),
    confidence,
    timeHorizon: `${model.horizonDays} trading days`,
    targetDate: addTradingDays(asOf, model.horizonDays),
    reasoning,
    newsImpact: "NEUTRAL",
    keyFactors,
    newsSummary: null,
    probability: Number(prediction.probabilityUp.toFixed(4)),
    modelVersion: model.version,
    asOf,
  };
}

function toBars(rows: Array<Bar & { symbol?: string }>): Bar[] {
  return rows.map((r) => ({
    date: r.date,
    high: r.high,
    low: r.low,
    close: r.close,
    adjClose: r.adjClose,
    volume: r.volume,
  }));
}

/** The analysis engine on the market's daily prices as of `asOf()`, with no look-ahead. */
export function createAnalysisEngine(db: Db, asOf: () => string, model: ModelParams = MODEL) {
  async function scoreSymbol(symbol: string, date: string): Promise<Scored | null> {
    const [bars, bench] = await Promise.all([
      barsUpTo(db, symbol, date, LOOKBACK),
      barsUpTo(db, BENCHMARK, date, LOOKBACK),
    ]);
    const series = featureSeries(toBars(bars), new Map(bench.map((b) => [b.date, b.adjClose])));
    const features = series.at(-1);
    if (!features) return null;
    return {
      symbol,
      asOf: bars.at(-1)!.date,
      close: bars.at(-1)!.close,
      features,
      prediction: predict(model, features, date),
    };
  }

  const engine = {
    async analyze(symbol: string): Promise<InsightDraft> {
      const security = await findSecurity(db, symbol);
      if (!security || symbol === BENCHMARK) throw new UnknownSymbolError(`Unknown symbol ${symbol}`);
      const scored = await scoreSymbol(symbol, asOf());
      if (!scored) throw new UnknownSymbolError(`Not enough price history for ${symbol}`);
      return toInsight(scored, security.name, model);
    },
    /** Scores every symbol as of `date` from one read of the universe's prices. */
    async scoreUniverse(date: string): Promise<Scored[]> {
      return (await engine.scoreUniverseOn([date])).get(date) ?? [];
    },
    /**
     * Scores every symbol on each of `dates` (trading days) from one read of prices and one feature pass per
     * symbol; each date's scores use only sessions up to that date.
     */
    async scoreUniverseOn(dates: readonly string[]): Promise<Map<string, Scored[]>> {
      const sorted = [...dates].sort();
      const first = sorted[0];
      const last = sorted.at(-1);
      const out = new Map<string, Scored[]>(sorted.map((d) => [d, []]));
      if (!first || !last) return out;
      const from = new Date(Date.parse(`${first}T00:00:00Z`) - 560 * 86_400_000).toISOString().slice(0, 10);
      const rows = await universeBars(db, from, last);
      const bySymbol = new Map<string, Bar[]>();
      for (const row of rows) {
        const list = bySymbol.get(row.symbol) ?? [];
        list.push(row);
        bySymbol.set(row.symbol, list);
      }
      const bench = new Map((bySymbol.get(BENCHMARK) ?? []).map((b) => [b.date, b.adjClose]));
      const wanted = new Set(sorted);
      for (const [symbol, bars] of bySymbol) {
        if (symbol === BENCHMARK) continue;
        const series = featureSeries(toBars(bars), bench);
        bars.forEach((bar, i) => {
          const features = series[i];
          if (!features || !wanted.has(bar.date)) return;
          out.get(bar.date)!.push({
            symbol,
            asOf: bar.date,
            close: bar.close,
            features,
            prediction: predict(model, features, bar.date),
          });
        });
      }
      return out;
    },
  } satisfies AnalysisPort & Record<string, unknown>;
  return engine;
}

export type AnalysisEngine = ReturnType<typeof createAnalysisEngine>;
