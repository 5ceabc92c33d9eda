// The seed on first start, in a child process of its own. Importing the demo market (half a million bars) and
// scoring a year of recommendations peaks above 1 GB; in the server's own process the allocator kept most of it
// (677 MB resident after a full collection, against 88 MB for a server started on a seeded file), so the server
// asks a short-lived process to do it and never holds that memory (docs/performance.md).
import { demoAccountsEnabled, parseEnv } from "../lib/config.ts";
import { formatSeedReport, seedDemo } from "../seed/seed.ts";
import { buildBunDeps } from "./bun-deps.ts";
import { readDemoMarketFiles } from "./demo-market-files.ts";
import { readServedModelFiles } from "./model-files.ts";

/** Runs the seed in a child Bun process on the same environment; throws when it fails. */
export async function seedInChildProcess(
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const child = Bun.spawn([process.execPath, import.meta.path], {
    env,
    stdout: "inherit",
    stderr: "inherit",
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`The seed failed (exit code ${code}); the lines above say why.`);
}

if (import.meta.main) {
  const env = parseEnv(process.env);
  const deps = await buildBunDeps(env);
  const report = await seedDemo(deps, {
    demoMarketFiles: readDemoMarketFiles,
    modelFiles: readServedModelFiles,
    marketAsOf: env.MARKET_AS_OF,
    demoAccounts: demoAccountsEnabled(env),
  });
  const text = formatSeedReport(report);
  if (text) console.log(text);
  deps.database.client.close();
}
