import { createAnalysisEngine } from "../../api/analysis/engine.ts";
import { generateRecommendations } from "../../api/features/recommendations/generate.service.ts";
import { importDemoMarket } from "../../api/market/demo-import.ts";
import { securityNames } from "../../api/market/price-history.ts";
import { readDemoMarketFiles } from "../../api/runtime/demo-market-files.ts";
import { benchApp, measure, ms } from "./harness.ts";

/** Demo market import, single-symbol analysis (warm), whole-universe scoring, one date's generation. */
export async function benchAnalysis(): Promise<Record<string, string>> {
  const bench = await benchApp();
  const files = await readDemoMarketFiles();
  const t0 = performance.now();
  const imported = await importDemoMarket(bench.deps.database, files);
  const importMs = performance.now() - t0;
  const asOf = "2023-10-27";
  const engine = createAnalysisEngine(bench.deps.database.db, () => asOf);
  const single = await measure(() => engine.analyze("AAPL"), 100, 10);
  const universe = await measure(() => engine.scoreUniverseOn([asOf]), 5, 1);
  const names = await securityNames(bench.deps.database.db);
  const g0 = performance.now();
  const [report] = await generateRecommendations(bench.deps, engine, ["2023-10-20"], names);
  const generateMs = performance.now() - g0;
  bench.close();

  return {
    "demo market import": `${imported.bars.toLocaleString("en-US")} bars in ${(importMs / 1000).toFixed(1)} s`,
    "analysis of one symbol, warm, median / p99": `${ms(single.median)} / ${ms(single.p99)} (target < 20 ms)`,
    "scoring the whole universe (209 symbols), median": `${ms(universe.median)} (target < 5 s)`,
    "generating one date's recommendations": `${(generateMs / 1000).toFixed(2)} s, ${report?.posted ?? 0} posted (target < 10 s)`,
  };
}
