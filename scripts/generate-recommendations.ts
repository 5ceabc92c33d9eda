// `bun scripts/generate-recommendations.ts [--date YYYY-MM-DD]`: posts the generator's calls for one trading day
// (default: the market's today) on DATABASE_URL. Idempotent per date.
import { parseArgs } from "node:util";
import { createAnalysisEngine } from "../api/analysis/engine.ts";
import { generateRecommendations } from "../api/features/recommendations/generate.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { configureMarket } from "../api/market/configure.ts";
import { securityNames } from "../api/market/price-history.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";

const { values } = parseArgs({ options: { date: { type: "string" }, help: { type: "boolean" } } });
if (values.help) {
  console.log("usage: bun scripts/generate-recommendations.ts [--date YYYY-MM-DD]");
  process.exit(0);
}
if (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
  console.error("--date must be YYYY-MM-DD");
  process.exit(2);
}
const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
const asOf = await configureMarket(deps, env);
if (!asOf) {
  console.error("No market data in the database: start the app once or run `bun scripts/seed.ts`.");
  process.exit(1);
}
const date = values.date ?? asOf;
const started = performance.now();
const engine = createAnalysisEngine(deps.database.db, () => date);
const [report] = await generateRecommendations(deps, engine, [date], await securityNames(deps.database.db));
console.log(
  `${date}: scored ${report?.scored ?? 0} symbols, posted ${report?.posted ?? 0}, ` +
    `${report?.alreadyThere ?? 0} already there (${Math.round(performance.now() - started)} ms).`,
);
if (!report?.scored) console.log("No prices on that date (not a trading day in the data?).");
deps.database.client.close();
