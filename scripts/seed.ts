// Idempotent demo seed: `bun scripts/seed.ts` on the database DATABASE_URL names (the embedded file by default).
import { parseEnv } from "../api/lib/config.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";
import { readDemoMarketFiles } from "../api/runtime/demo-market-files.ts";
import { formatSeedReport, seedDemo } from "../api/seed/seed.ts";

const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
const report = await seedDemo(deps, { demoMarketFiles: readDemoMarketFiles, marketAsOf: env.MARKET_AS_OF });
console.log(`Seeded ${deps.databaseUrl}: created ${report.createdAccounts.length} account(s).`);
console.log(formatSeedReport(report));
deps.database.client.close();
