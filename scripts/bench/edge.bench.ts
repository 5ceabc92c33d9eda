// Issue 43's edge figure: the Worker's cold start, from spawning the workerd binary on the deployed modules
// (`wrangler deploy --dry-run`: the entry and its chunks, decision 158) to its first answer, on sqld holding the seeded demo. Each run is a fresh workerd
// process (a fresh isolate); the bench polls the path every 2 ms from the spawn, so a figure includes workerd's own
// start, the bundle's evaluation, building the app and, for `latest`, the session, the market and the read.
import { Database as SqliteFile } from "bun:sqlite";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServingSeed } from "./serving-seed.ts";
import { startSqldOn } from "./sqld-on.ts";
import {
  buildWorkerBundle,
  startWorkerdDirect,
  type WorkerModules,
  workerModuleBytes,
} from "./workerd-direct.ts";

const SECRET = "bench-edge-secret-bench-edge-secret-0123";
const RUNS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface FirstAnswer {
  path: string;
  headers?: Record<string, string>;
  /** The Worker: the deployed modules, or the hello Worker (the floor). */
  worker: WorkerModules;
}

interface EdgeTarget {
  bundle: WorkerModules;
  vars: Record<string, string>;
  hello: FirstAnswer;
  health: FirstAnswer;
  latest: FirstAnswer;
}

/** The deployed bundle, sqld holding the serving bench's seed, and the three first answers the edge figures time. */
async function onEdgeTarget(
  use: (target: EdgeTarget) => Promise<Record<string, string>>,
): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-edge-"));
  const stops: Array<() => Promise<void>> = [];
  try {
    const bundle = buildWorkerBundle(join(dir, "worker"));
    if ("error" in bundle) return { "worker bundle": bundle.error };
    const seed = await buildServingSeed(SECRET, 0);
    stops.push(async () => rmSync(join(seed.file, ".."), { recursive: true, force: true }));
    mkdirSync(join(dir, "sqld/dbs/default"), { recursive: true });
    const sqlite = new SqliteFile(seed.file, { readonly: true });
    sqlite.exec(`VACUUM INTO '${join(dir, "sqld/dbs/default/data")}'`);
    sqlite.close();
    const sqld = await startSqldOn(join(dir, "sqld"));
    stops.push(sqld.stop);
    // The floor on this machine now: workerd itself starting a Worker that answers at once (the issue: 25 ms).
    writeFileSync(join(dir, "hello.js"), 'export default { fetch: () => new Response("hello") };\n');
    return await use({
      bundle,
      // wrangler.toml's variables plus the secrets a deploy sets.
      vars: { SEED_ON_START: "false", TRUST_PROXY: "false", DATABASE_URL: sqld.url, APP_SECRET: SECRET },
      hello: { path: "/", worker: { dir, names: ["hello.js"] } },
      health: { path: "/api/health", worker: bundle },
      latest: {
        path: "/api/recommendations/latest",
        headers: { authorization: `Bearer ${seed.token}` },
        worker: bundle,
      },
    });
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The modules a first signed-in `latest` imports: the entry's, and the recommendation routes' chunk's (the one the
 * Worker imports for a first request to /api/recommendations), each with the modules it imports statically.
 */
function modulesOfFirstLatest(worker: WorkerModules): string[] {
  const routes = worker.names.find((name) => name.startsWith("recommendations.routes"));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const code = readFileSync(join(worker.dir, name), "utf8");
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(imported!);
  };
  for (const name of ["worker.js", ...(routes ? [routes] : [])]) visit(name);
  return [...seen];
}

/** `bun run bench edge`: the bundle's size, and the median of 5 cold starts to /api/health and a signed-in latest. */
export function benchEdge(): Promise<Record<string, string>> {
  return onEdgeTarget(async ({ bundle, vars, hello, health, latest }) => {
    const coldStart = async ({ path, headers, worker: modules }: FirstAnswer) => {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const spawned = performance.now();
        const worker = await startWorkerdDirect(modules, vars, {
          firstRequest: { path, headers },
          intervalMs: 2,
        });
        runs.push(performance.now() - spawned);
        await worker.stop();
      }
      return `${median(runs).toFixed(0)} ms median of ${RUNS} (${runs.map((r) => r.toFixed(0)).join(", ")})`;
    };
    const all = workerModuleBytes(bundle);
    const first = workerModuleBytes(bundle, modulesOfFirstLatest(bundle));
    const bytes = ({ raw, gzip }: { raw: number; gzip: number }) =>
      `${raw.toLocaleString("en-US")} bytes raw, ${gzip.toLocaleString("en-US")} gzip`;
    return {
      "worker bundle (api/worker.ts)": `${bytes(all)} in ${bundle.names.length} modules (target: 900 KB raw at most)`,
      "modules a first signed-in latest evaluates": `${bytes(first)} (${((100 * first.raw) / all.raw).toFixed(0)}% of the raw)`,
      "cold start of a hello Worker (the floor)": await coldStart(hello),
      "cold start to /api/health": await coldStart(health),
      "cold start to a first signed-in latest": `${await coldStart(latest)} (target: 150 ms or less)`,
    };
  });
}

/**
 * `bun run bench instructions`: the same cold starts counted in instructions, which the host's load does not move
 * (milliseconds here vary threefold with it): workerd under valgrind's callgrind from the spawn to the first 200,
 * one run each (decision 156). Skipped where valgrind is not installed.
 */
export function benchEdgeInstructions(): Promise<Record<string, string>> {
  if (!Bun.which("valgrind") || !Bun.which("callgrind_control")) {
    return Promise.resolve({ skipped: "valgrind (callgrind) is not installed" });
  }
  return onEdgeTarget(async ({ vars, hello, health, latest }) => {
    const instructions = async ({ path, headers, worker: modules }: FirstAnswer) => {
      const out = mkdtempSync(join(tmpdir(), "bench-callgrind-"));
      try {
        const worker = await startWorkerdDirect(modules, vars, {
          firstRequest: { path, headers },
          under: [
            "valgrind",
            "--tool=callgrind",
            "--smc-check=all",
            `--callgrind-out-file=${out}/callgrind.out`,
          ],
          timeoutMs: 600_000,
        });
        // Written on request: the counts from the spawn to the first answer, before the process is stopped.
        Bun.spawnSync(["callgrind_control", "--dump", String(worker.pid)], {
          stdout: "ignore",
          stderr: "ignore",
        });
        await worker.stop();
        let total = 0;
        for (const name of readdirSync(out)) {
          total += Number(/^summary: (\d+)$/m.exec(readFileSync(join(out, name), "utf8"))?.[1] ?? 0);
        }
        return total;
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    };
    const floor = await instructions(hello);
    const millions = (n: number) =>
      `${(n / 1e6).toFixed(1)} M instructions (${(n / floor).toFixed(1)}x the floor)`;
    return {
      "a hello Worker (the floor)": `${(floor / 1e6).toFixed(1)} M instructions`,
      "to /api/health": millions(await instructions(health)),
      "to a first signed-in latest": millions(await instructions(latest)),
    };
  });
}
