// `bun scripts/generate-recommendations.ts [--date YYYY-MM-DD]`: posts the generator's calls for one trading day
// (default: the market's today) on DATABASE_URL. Idempotent per date.
import { parseArgs } from "node:util";
import { generateForDate } from "../api/features/recommendations/generate.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { configureMarket } from "../api/market/configure.ts";
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
const report = await generateForDate(deps, date);
console.log(
  `${date}: scored ${report.scored} symbols, posted ${report.posted}, ` +
    `${report.alreadyThere} already there (${Math.round(performance.now() - started)} ms).`,
);
if (!report.scored) console.log("No prices on that date (not a trading day in the data?).");
deps.database.client.close();
