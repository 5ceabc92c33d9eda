import type { Db } from "../../db/client.ts";
import type { AnalysisPort } from "../lib/analysis-port.ts";
import { type MarketPort, UnknownSymbolError } from "../lib/market-port.ts";
import { BENCHMARK } from "../market/benchmark.ts";
import type { AnalysisEngine } from "./engine.ts";

/**
 * The on-demand analysis: brings the symbol's and the benchmark's history up to date (live markets), runs the
 * engine as of the market's today, and reads the lean of recent headlines into newsImpact and newsSummary.
 */
export function analysisOnMarket(db: Db, market: MarketPort): AnalysisPort {
  // The engine (with the index membership and the model card) and the news lexicon are imported on the first
  // analysis, not with the market: a Worker's first request seldom needs them (decision 158).
  let made: Promise<AnalysisEngine> | undefined;
  const engineOnce = () => {
    made ??= import("./engine.ts").then(({ createAnalysisEngine }) =>
      createAnalysisEngine(db, () => market.marketToday()),
    );
    return made;
  };
  return {
    async analyze(symbol, keep) {
      if (symbol === BENCHMARK)
        throw new UnknownSymbolError(symbol, `${symbol} is the benchmark index, not a stock.`);
      const [engine, { assessHeadlines }] = await Promise.all([engineOnce(), import("./news.ts")]);
      await market.prepareHistory([symbol, BENCHMARK]);
      const [draft, headlines] = await Promise.all([engine.analyze(symbol, keep), market.headlines(symbol)]);
      const news = assessHeadlines(headlines);
      if (!news.summary) return draft;
      return {
        ...draft,
        headlines,
        newsImpact: news.impact,
        newsSummary: news.summary,
        reasoning: `${draft.reasoning} News tone over the last week is ${news.impact.toLowerCase()} (not a model input).`,
      };
    },
    // From stored history only: a list of views fetches nothing from a live market.
    currentViews: async (symbols, keep) => (await engineOnce()).currentViews(symbols, keep),
  };
}
