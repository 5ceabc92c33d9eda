// `bun scripts/generate-recommendations.ts [--date YYYY-MM-DD]`: posts the generator's calls for one trading day
// (default: the market's today) on DATABASE_URL, marked simulated (docs/decisions/109). Idempotent per date.
import { generateForDate } from "../api/features/recommendations/generate.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { configureMarket } from "../api/market/configure.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";
import { isCalendarDate, parseCli, usageError } from "./cli/args.ts";

const USAGE = `usage: bun scripts/generate-recommendations.ts [--date YYYY-MM-DD]

Posts the engine's calls for one trading day on DATABASE_URL (idempotent per date).
  --date  the trading day (default: the market's today); a day without prices posts nothing and exits 1`;

const { values } = parseCli({ usage: USAGE, options: { date: { type: "string" } } });
if (values.date !== undefined && !isCalendarDate(values.date)) {
  usageError(`--date ${values.date} is not a calendar date written YYYY-MM-DD.`, USAGE);
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
// A script's calls are simulated: only the daily job's (and an admin's) are made on their date as a matter of course.
const report = await generateForDate(deps, date, { provenance: "simulated" });
console.log(
  `${date}: scored ${report.scored} symbols, posted ${report.posted}, ` +
    `${report.alreadyThere} already there (${Math.round(performance.now() - started)} ms).`,
);
deps.database.client.close();
if (!report.scored) {
  console.error(`No prices on ${date} (not a trading day in the data, or after ${asOf}): nothing posted.`);
  process.exit(1);
}
