// Idempotent seed: `bun scripts/seed.ts` on the database DATABASE_URL names (the embedded file by default). It
// imports the demo market and its recommendation history when missing. The demo accounts come only in demo mode
// (the demo market on a local file, or DEMO_ACCOUNTS=true), once, on a database with no users (decision 100), and
// their passwords are printed that once; on
// any other database none is created, and demo accounts left from an older seed lose their published password
// (decision 019). `--market-only` leaves accounts alone.
import { demoAccountsEnabled, parseEnv } from "../api/lib/config.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";
import { readDemoMarketFiles } from "../api/runtime/demo-market-files.ts";
import { readServedModelFiles } from "../api/runtime/model-files.ts";
import { formatSeedReport, seedDemo } from "../api/seed/seed.ts";
import { parseCli } from "./cli/args.ts";

const USAGE = `usage: bun scripts/seed.ts [--market-only]

Imports the bundled demo market and a year of its recommendation history into DATABASE_URL when missing
(idempotent). In demo mode (the demo market on a local file, or DEMO_ACCOUNTS=true) it also creates the demo
accounts once, on a database with no users yet, and prints their passwords that once.

  --market-only  the demo market and its history only: no demo account is created, and none is changed`;

const { values } = parseCli({ usage: USAGE, options: { "market-only": { type: "boolean" } } });
const marketOnly = values["market-only"] === true;
const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
const demoAccounts = demoAccountsEnabled(env);
const report = await seedDemo(deps, {
  demoMarketFiles: readDemoMarketFiles,
  modelFiles: readServedModelFiles,
  marketAsOf: env.MARKET_AS_OF,
  demoAccounts,
  marketOnly,
});
const where = deps.databaseUrl.replace(/\/\/[^@/]*@/, "//***@");
let accounts: string;
if (marketOnly) accounts = "the demo market only (--market-only); accounts left as they were.";
else if (!demoAccounts)
  accounts =
    "no demo accounts (not demo mode); create the first admin with `bun scripts/admin.ts create-admin <email>`.";
else if (report.createdAccounts.length)
  accounts = `demo mode, created ${report.createdAccounts.length} demo account(s).`;
else
  accounts =
    "demo mode, no demo account created: the demo accounts were created before (their passwords are in the " +
    "README), or this database had users first (decision 100).";
console.log(`Seeded ${where}: ${accounts}`);
const text = formatSeedReport(report);
if (text) console.log(text);
deps.database.client.close();
