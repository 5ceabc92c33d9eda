// `bun scripts/check-alerts.ts`: records new watchlist alert crossings and delivers what is due.
// The scheduler (on by default in the Bun server, or a Workers cron) calls the same two functions.
import { checkAlerts, deliverDueAlerts } from "../api/features/watchlist/alerts.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { configureMarket } from "../api/market/configure.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";
import { parseCli } from "./cli/args.ts";

parseCli({
  usage: `usage: bun scripts/check-alerts.ts

Records new watchlist alert crossings on DATABASE_URL and delivers the alerts that are due (email, webhook).
Takes no arguments; the Bun server's scheduler runs the same check every minute.`,
});
const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
// Without a market every item is unpriced, so nothing could ever cross its threshold.
if (!(await configureMarket(deps, env))) {
  console.error("No market data in the database: start the app once or run `bun scripts/seed.ts`.");
  process.exit(1);
}
const checked = await checkAlerts(deps);
const delivered = await deliverDueAlerts(deps);
console.log(
  `Checked ${checked.checked} watchlist item(s): ${checked.newAlerts} new alert(s), ${checked.rearmed} re-armed, ` +
    `${checked.emailsNotVerified} email(s) not sent to an unverified address. ` +
    `Deliveries: ${delivered.sent} sent, ${delivered.retrying} to retry, ${delivered.failed} failed for good.`,
);
deps.database.client.close();
