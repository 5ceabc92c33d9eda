// `bun scripts/bench/memory.ts [scenario...]`: what holds the Bun server's resident memory. Each scenario is a fresh
// `bun api/server.ts` with heap-probe.ts preloaded: started on a copy of the serving bench's seed and loaded on one
// endpoint (16 clients, MEMORY_SECONDS, default 10), or started on an empty file with SEED_ON_START (the demo seed
// running inside the server). Prints RSS (from /proc) at start and after, then the probe's JS heap before and
// after a full GC and the most numerous object types.
import { Database as SqliteFile } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBunServer } from "../../api/test/bun-server.ts";
import { runLoad } from "./load.ts";
import { residentMb } from "./serving.bench.ts";
import { buildServingSeed } from "./serving-seed.ts";

const SECRET = "bench-memory-secret-bench-memory-secret-0";
const SECONDS = Number(process.env.MEMORY_SECONDS ?? 10);

function start(env: Record<string, string>, probeOut: string) {
  return startBunServer({ APP_SECRET: SECRET, HEAP_PROBE_OUT: probeOut, ...env }, "api/server.ts", {
    bunFlags: ["--preload", join(import.meta.dir, "heap-probe.ts")],
    startTimeoutMs: 120_000,
  });
}

async function probe(pid: number, out: string) {
  rmSync(out, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 200 && !existsSync(out); i++) await Bun.sleep(50);
  await Bun.sleep(100);
  return JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
}

if (import.meta.main) {
  const seed = await buildServingSeed(SECRET, 1);
  const dir = mkdtempSync(join(tmpdir(), "bench-memory-"));
  const headers = { authorization: `Bearer ${seed.token}` };
  const yearAgo = `${Number(seed.asOf.slice(0, 4)) - 1}${seed.asOf.slice(4)}`;
  const pool = seed.analyzePools[0]!;
  let turn = 0;
  const paths: Record<string, ((base: string) => Promise<Response>) | null> = {
    idle: null,
    latest: (b) => fetch(`${b}/api/recommendations/latest`, { headers }),
    historical: (b) =>
      fetch(`${b}/api/recommendations/historical?fromDate=${yearAgo}&toDate=${seed.asOf}`, { headers }),
    watchlist: (b) => fetch(`${b}/api/watchlist`, { headers }),
    earnings: (b) => fetch(`${b}/api/earnings-calendar`, { headers }),
    "insights-history": (b) => fetch(`${b}/api/insights/history`, { headers }),
    "auth-user": (b) => fetch(`${b}/api/auth/user`, { headers }),
    analyze: (b) => {
      const n = turn++;
      return fetch(`${b}/api/insights/analyze`, {
        method: "POST",
        headers: { authorization: `Bearer ${pool[n % pool.length]}`, "content-type": "application/json" },
        body: JSON.stringify({ symbol: seed.symbols[n % seed.symbols.length] }),
      });
    },
  };
  const wanted = process.argv.slice(2);
  const want = (name: string) => !wanted.length || wanted.includes(name);
  const report = (
    name: string,
    startRss: number,
    after: { rss: number; peak: number },
    p: Record<string, unknown>,
    first = "",
  ) =>
    console.log(
      `${name.padEnd(22)} ${first}RSS start ${startRss.toFixed(0).padStart(4)} MB, after ${after.rss.toFixed(0).padStart(4)} MB ` +
        `(peak ${after.peak.toFixed(0).padStart(4)}); JS heap ${p.heapMbBeforeGc} MB -> ${p.heapMbAfterGc} MB after full GC ` +
        `(capacity ${p.heapCapacityMbAfterGc}, extra ${p.extraMemoryMb}, array buffers ${p.arrayBuffersMb}); RSS after GC ${p.rssMbAfterGc} MB; ` +
        `top types ${(p.topObjectTypes as Array<[string, number]>)
          .slice(0, 6)
          .map(([t, n]) => `${t} ${n}`)
          .join(", ")}`,
    );

  for (const [name, send] of Object.entries(paths)) {
    if (!want(name)) continue;
    const db = join(dir, `${name}.db`);
    const sqlite = new SqliteFile(seed.file, { readonly: true });
    sqlite.exec(`VACUUM INTO '${db}'`);
    sqlite.close();
    const out = join(dir, `${name}.json`);
    const server = await start({ DATABASE_URL: `file:${db}` }, out);
    const atStart = residentMb(server.process.pid).rss;
    let first = "";
    if (send) {
      const base = server.url;
      // The first answer computes what later ones are served from (the earnings calendar, a scored universe).
      const t0 = performance.now();
      await (await send(base)).text();
      first = `first request ${(performance.now() - t0).toFixed(0)} ms; `;
      await runLoad(() => send(base), { concurrency: 16, durationMs: SECONDS * 1000, warmupMs: 0 });
    }
    const after = residentMb(server.process.pid);
    report(name, atStart, after, await probe(server.process.pid, out), first);
    await server.stop();
  }
  if (want("seed-on-start")) {
    const out = join(dir, "seed.json");
    const server = await start({ DATABASE_URL: `file:${join(dir, "fresh.db")}`, SEED_ON_START: "true" }, out);
    const after = residentMb(server.process.pid);
    report("seed-on-start", after.rss, after, await probe(server.process.pid, out));
    await server.stop();
  }
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(seed.file, ".."), { recursive: true, force: true });
}
