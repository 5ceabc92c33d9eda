// Idempotent seed: `bun scripts/seed.ts` on the database DATABASE_URL names (the embedded file by default). It
// imports the demo market and its recommendation history when missing. The demo accounts come only in demo mode
// (the demo market on a local file, or DEMO_ACCOUNTS=true); on any other database none is created, and demo
// accounts left from an older seed lose their published password (decision 019).
import { demoAccountsEnabled, parseEnv } from "../api/lib/config.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";
import { readDemoMarketFiles } from "../api/runtime/demo-market-files.ts";
import { formatSeedReport, seedDemo } from "../api/seed/seed.ts";

const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
const demoAccounts = demoAccountsEnabled(env);
const report = await seedDemo(deps, {
  demoMarketFiles: readDemoMarketFiles,
  marketAsOf: env.MARKET_AS_OF,
  demoAccounts,
});
console.log(
  `Seeded ${deps.databaseUrl.replace(/\/\/[^@/]*@/, "//***@")}: ` +
    (demoAccounts
      ? `demo mode, created ${report.createdAccounts.length} demo account(s).`
      : "no demo accounts (not demo mode); create the first admin with `bun scripts/admin.ts create-admin <email>`."),
);
const text = formatSeedReport(report);
if (text) console.log(text);
deps.database.client.close();
