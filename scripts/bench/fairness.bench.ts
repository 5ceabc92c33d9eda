import { Database as SqliteFile } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXPENSIVE_READS_PER_USER } from "../../api/deps.ts";
import { startBunServer } from "../../api/test/bun-server.ts";
import { type LoadResult, runLoad } from "./load.ts";
import { buildServingSeed } from "./serving-seed.ts";

const SECRET = "bench-fairness-secret-bench-fairness-secret";
const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";
const DURATION_MS = QUICK ? 2_000 : 5_000;
/** The noisy user's parallel loops: more than any page asks for at once. */
const NOISY_CONCURRENCY = 32;

/** Each call a search not asked before: the noisy user defeats the kept answers on purpose. */
function noisyRequests(baseUrl: string, token: string, asOf: string, symbols: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  const year = Number(asOf.slice(0, 4));
  let turn = 0;
  return () => {
    const n = turn++;
    const from = `${year - 1 - (n % 5)}-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 28) + 1).padStart(2, "0")}`;
    const aggressive = ["", "&aggressive=aggressive", "&aggressive=conservative"][n % 3];
    switch (n % 3) {
      case 0:
        return fetch(
          `${baseUrl}/api/recommendations/performance?fromDate=${from}&toDate=${asOf}${aggressive}`,
          {
            headers,
          },
        );
      case 1:
        return fetch(
          `${baseUrl}/api/recommendations/historical?fromDate=${from}&toDate=${asOf}${aggressive}`,
          {
            headers,
          },
        );
      default:
        return fetch(`${baseUrl}/api/insights/analyze`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ symbol: symbols[n % symbols.length] }),
        });
    }
  };
}

const ms = (r: LoadResult) =>
  `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.requests} requests)`;

/**
 * `bun run bench fairness`: one user's `GET /api/auth/user` (one request at a time) alone, then while another user
 * hammers the expensive reads (the track record and the historical search with ever new filters, and analyses) from
 * 32 parallel loops, on the Bun server with the embedded file. Issue 27's bound: at most twice as slow.
 */
export async function benchFairness(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-fairness-"));
  const seed = await buildServingSeed(SECRET, 1);
  const file = join(dir, "fairness.db");
  const sqlite = new SqliteFile(seed.file, { readonly: true });
  sqlite.exec(`VACUUM INTO '${file}'`);
  sqlite.close();
  const server = await startBunServer({ DATABASE_URL: `file:${file}`, APP_SECRET: SECRET });
  try {
    const victim = () =>
      fetch(`${server.url}/api/auth/user`, { headers: { authorization: `Bearer ${seed.token}` } });
    const alone = await runLoad(victim, { concurrency: 1, durationMs: DURATION_MS });
    // What any request costs: the same loops asking for the cheapest signed-in read, which no limit could refuse
    // for less (a refusal too has to find out who is asking).
    const cheap = () =>
      fetch(`${server.url}/api/auth/user`, {
        headers: { authorization: `Bearer ${seed.analyzePools[0]![1]!}` },
      });
    const [besideCheap] = await Promise.all([
      runLoad(victim, { concurrency: 1, durationMs: DURATION_MS }),
      runLoad(cheap, { concurrency: NOISY_CONCURRENCY, durationMs: DURATION_MS }),
    ]);
    const statuses = new Map<number, number>();
    const noisy = noisyRequests(server.url, seed.analyzePools[0]![0]!, seed.asOf, seed.symbols);
    const counted = async () => {
      const res = await noisy();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return new Response(await res.arrayBuffer(), { status: 200 });
    };
    // Measured once the noisy user has hammered past the burst a user's budget allows (api/deps.ts).
    const warmupMs = EXPENSIVE_READS_PER_USER.burstMs + 1_000;
    const [loaded] = await Promise.all([
      runLoad(victim, { concurrency: 1, durationMs: DURATION_MS, warmupMs }),
      runLoad(counted, { concurrency: NOISY_CONCURRENCY, durationMs: DURATION_MS, warmupMs }),
    ]);
    return {
      "auth/user alone": ms(alone),
      [`auth/user while another user asks for auth/user (${NOISY_CONCURRENCY} loops)`]: ms(besideCheap),
      [`auth/user while another user hammers the expensive reads (${NOISY_CONCURRENCY} loops)`]: ms(loaded),
      "slowdown against the cheap reads' (p50 / p99)": `${(loaded.p50 / besideCheap.p50).toFixed(1)}x / ${(loaded.p99 / besideCheap.p99).toFixed(1)}x (target <= 2x)`,
      "slowdown against alone (p50 / p99)": `${(loaded.p50 / alone.p50).toFixed(1)}x / ${(loaded.p99 / alone.p99).toFixed(1)}x`,
      "noisy user's answers": [...statuses].map(([status, n]) => `${status}: ${n}`).join(", "),
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(seed.file, ".."), { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const [key, value] of Object.entries(await benchFairness())) console.log(`  ${key}: ${value}`);
}
