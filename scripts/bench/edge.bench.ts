// Issue 43's edge figure: the Worker's cold start, from spawning the workerd binary on the deployed bundle
// (`wrangler deploy --dry-run`) to its first answer, on sqld holding the seeded demo. Each run is a fresh workerd
// process (a fresh isolate); the bench polls the path every 2 ms from the spawn, so a figure includes workerd's own
// start, the bundle's evaluation, building the app and, for `latest`, the session, the market and the read.
import { Database as SqliteFile } from "bun:sqlite";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildServingSeed } from "./serving-seed.ts";
import { startSqldOn } from "./sqld-on.ts";
import { buildWorkerBundle, startWorkerdDirect } from "./workerd-direct.ts";

const SECRET = "bench-edge-secret-bench-edge-secret-0123";
const RUNS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** `bun run bench edge`: the bundle's size, and the median of 5 cold starts to /api/health and a signed-in latest. */
export async function benchEdge(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-edge-"));
  const stops: Array<() => Promise<void>> = [];
  try {
    const bundle = buildWorkerBundle(join(dir, "worker"));
    if ("error" in bundle) return { "worker bundle": bundle.error };
    const bytes = new Uint8Array(await Bun.file(bundle.file).arrayBuffer());
    const seed = await buildServingSeed(SECRET, 0);
    stops.push(async () => rmSync(join(seed.file, ".."), { recursive: true, force: true }));
    mkdirSync(join(dir, "sqld/dbs/default"), { recursive: true });
    const sqlite = new SqliteFile(seed.file, { readonly: true });
    sqlite.exec(`VACUUM INTO '${join(dir, "sqld/dbs/default/data")}'`);
    sqlite.close();
    const sqld = await startSqldOn(join(dir, "sqld"));
    stops.push(sqld.stop);
    // wrangler.toml's variables plus the secrets a deploy sets.
    const vars = { SEED_ON_START: "false", TRUST_PROXY: "false", DATABASE_URL: sqld.url, APP_SECRET: SECRET };
    // The floor on this machine now: workerd itself starting a Worker that answers at once (the issue: 25 ms).
    const hello = join(dir, "hello.js");
    writeFileSync(hello, 'export default { fetch: () => new Response("hello") };\n');
    const coldStart = async (path: string, headers?: Record<string, string>, file = bundle.file) => {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const spawned = performance.now();
        const worker = await startWorkerdDirect(file, vars, {
          firstRequest: { path, headers },
          intervalMs: 2,
        });
        runs.push(performance.now() - spawned);
        await worker.stop();
      }
      return `${median(runs).toFixed(0)} ms median of ${RUNS} (${runs.map((r) => r.toFixed(0)).join(", ")})`;
    };
    return {
      "worker bundle (api/worker.ts)": `${bytes.length.toLocaleString("en-US")} bytes raw, ${gzipSync(bytes, { level: 9 }).length.toLocaleString("en-US")} gzip (target: 900 KB raw at most)`,
      "cold start of a hello Worker (the floor)": await coldStart("/", undefined, hello),
      "cold start to /api/health": await coldStart("/api/health"),
      "cold start to a first signed-in latest": `${await coldStart("/api/recommendations/latest", {
        authorization: `Bearer ${seed.token}`,
      })} (target: 150 ms or less)`,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
