// The database every target of the serving benchmark reads: the demo deployment's seed (the whole demo market and
// a year of weekly generated recommendations), plus the signed-in users the hot endpoints need. Built once through
// the project's own services in this process, then copied (a checkpointed single file) to each target.
import { Database as SqliteFile } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { createUser, startSession } from "../../api/features/auth/auth.service.ts";
import { saveInsight } from "../../api/features/insights/insights.service.ts";
import { HISTORY_PAGE_SIZE } from "../../api/features/recommendations/recommendations.constants.ts";
import { addToWatchlist } from "../../api/features/watchlist/watchlist.service.ts";
import type { Keep } from "../../api/lib/analysis-port.ts";
import type { AppDeps } from "../../api/lib/context.ts";
import type { PasswordHasher } from "../../api/lib/passwords.ts";
import { configureMarket } from "../../api/market/configure.ts";
import { allSymbols } from "../../api/market/price-history.ts";
import { readDemoMarketFiles } from "../../api/runtime/demo-market-files.ts";
import { readServedModelFiles } from "../../api/runtime/model-files.ts";
import { seedDemo } from "../../api/seed/seed.ts";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { users, watchlistItems } from "../../db/schema/index.ts";
import { benchDeps } from "./harness.ts";

export const WATCHLIST_ITEMS = 50;

/** The Historical tab's search of the year up to the seed's date, as the tab asks for it: its first page. */
export function yearOfHistoryPath(seed: { asOf: string }): string {
  const yearAgo = `${Number(seed.asOf.slice(0, 4)) - 1}${seed.asOf.slice(4)}`;
  return `/api/recommendations/historical?fromDate=${yearAgo}&toDate=${seed.asOf}&page=1&pageSize=${HISTORY_PAGE_SIZE}`;
}
export const INSIGHTS = 30;
/**
 * Users whose sessions take turns on POST /api/insights/analyze (30 analyses a minute each), per target: enough for
 * 12 s of load at 2,500 analyses a second, so a fast target is not measured answering 429.
 */
export const ANALYZE_USERS_PER_POOL = 1_000;

export interface ServingSeed {
  /** A checkpointed, self-contained SQLite file (no -wal beside it) to copy for each target. */
  file: string;
  secret: string;
  asOf: string;
  /** The bench user's session token: 50 watchlist items and 30 saved analyses. */
  token: string;
  /** One pool of session tokens per target, so one target's analyses do not eat another's rate limit. */
  analyzePools: string[][];
  /** Symbols that have market data (analyze takes turns over them). */
  symbols: string[];
  recommendations: number;
  bars: number;
  seconds: number;
}

/** No argon2 for the hundreds of bench users: they sign in with sessions made here, never with a password. */
const noHash: PasswordHasher = { hash: async () => "bench-no-password", verify: async () => false };

/** A user made by the auth service and a session for it (the services' result shapes are read from the table). */
async function signedInUser(deps: AppDeps, email: string): Promise<{ id: number; token: string }> {
  await createUser(deps, { email, password: "bench-password-unused" });
  const user = await deps.database.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) throw new Error(`bench user ${email} was not created`);
  const token = await startSession(deps, user.id, { ipAddress: "127.0.0.1", userAgent: "bench" });
  return { id: user.id, token };
}

export async function buildServingSeed(secret: string, pools: number): Promise<ServingSeed> {
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), "bench-seed-"));
  const path = join(dir, "seed.db");
  const database = createDb(`file:${path}`);
  await runMigrations(database.db);
  const deps: AppDeps = { ...benchDeps(database, secret), passwords: noHash };
  const report = await seedDemo(deps, {
    demoMarketFiles: readDemoMarketFiles,
    modelFiles: readServedModelFiles,
    demoAccounts: false,
  });
  const asOf = await configureMarket(deps);
  if (!deps.analysis || !asOf) throw new Error("the demo seed left no market");

  const symbols = (await allSymbols(database.db)).filter((s) => !s.startsWith("^"));
  const main = await signedInUser(deps, "bench@example.com");
  for (const symbol of symbols.slice(0, WATCHLIST_ITEMS)) {
    await addToWatchlist(deps, main.id, { symbol, targetChangePercent: 5 });
  }
  const [{ n } = { n: 0 }] = await database.db
    .select({ n: count() })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, main.id));
  if (n !== WATCHLIST_ITEMS) throw new Error(`the bench user's watchlist has ${n} items`);
  // One scored universe for all of them, as the analyze route keeps it.
  const universes = new Map<string, Promise<unknown>>();
  const keep: Keep = (date, score) => {
    if (!universes.has(date)) universes.set(date, score());
    return universes.get(date) as ReturnType<typeof score>;
  };
  for (const symbol of symbols.slice(0, INSIGHTS)) {
    await saveInsight(deps, main.id, await deps.analysis.analyze(symbol, keep));
  }
  const analyzePools: string[][] = [];
  for (let p = 0; p < pools; p++) {
    const pool: string[] = [];
    for (let i = 0; i < ANALYZE_USERS_PER_POOL; i++) {
      pool.push((await signedInUser(deps, `analyze-${p}-${i}@example.com`)).token);
    }
    analyzePools.push(pool);
  }
  database.client.close();

  // One self-contained file: checkpoint the WAL into it, then VACUUM INTO the copy the targets start from.
  const file = join(dir, "template.db");
  const sqlite = new SqliteFile(path);
  sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite.exec(`VACUUM INTO '${file}'`);
  sqlite.close();
  return {
    file,
    secret,
    asOf,
    token: main.token,
    analyzePools,
    symbols,
    recommendations: report.generatedRecommendations,
    bars: report.importedBars,
    seconds: (performance.now() - t0) / 1000,
  };
}

// `bun scripts/bench/serving-seed.ts OUT.db`: the same seed as a file (and OUT.db.json with its tokens), for
// profiling a server by hand (docs/performance.md).
if (import.meta.main) {
  const out = process.argv[2];
  if (!out) throw new Error("usage: bun scripts/bench/serving-seed.ts OUT.db");
  const seed = await buildServingSeed(
    process.env.APP_SECRET ?? "bench-serving-secret-bench-serving-secret",
    1,
  );
  const sqlite = new SqliteFile(seed.file, { readonly: true });
  sqlite.exec(`VACUUM INTO '${out}'`);
  sqlite.close();
  await Bun.write(`${out}.json`, JSON.stringify({ ...seed, file: out }, null, 1));
  console.log(`${out}: seeded in ${seed.seconds.toFixed(1)} s; tokens in ${out}.json`);
}
