// `bun scripts/check-alerts.ts`: records new watchlist alert crossings and delivers what is due.
// The scheduler (SCHEDULER=on, or a Workers cron) calls the same two functions.
import { checkAlerts, deliverDueAlerts } from "../api/features/watchlist/alerts.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";

const deps = await buildBunDeps(parseEnv(process.env));
const checked = await checkAlerts(deps);
const delivered = await deliverDueAlerts(deps);
console.log(
  `Checked ${checked.checked} watchlist item(s): ${checked.newAlerts} new alert(s), ${checked.rearmed} re-armed. ` +
    `Deliveries: ${delivered.sent} sent, ${delivered.retrying} to retry, ${delivered.failed} failed for good.`,
);
deps.database.client.close();
