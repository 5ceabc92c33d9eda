// `bun scripts/bench/cpu-profile.ts [endpoint...]`: where the Bun server's time goes on each hot endpoint.
// For each endpoint: the real server (`bun --cpu-prof api/server.ts`) on a copy of the serving bench's seed, 16
// closed-loop clients for PROFILE_SECONDS (default 8), SIGTERM; then the profile's self time summed by area
// (driver, Drizzle, JSON, Hono, zod, outcome scoring, analysis, auth...) and its top functions. Profiles are kept
// under PROFILE_DIR (default /tmp/signalboard-profiles) to open in Chrome DevTools.
import { Database as SqliteFile } from "bun:sqlite";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { startBunServer } from "../../api/test/bun-server.ts";
import { runLoad } from "./load.ts";
import { buildServingSeed, yearOfHistoryPath } from "./serving-seed.ts";

const root = process.env.PROFILE_ROOT ?? join(import.meta.dir, "../..");
const SECRET = "bench-profile-secret-bench-profile-secret";
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const OUT = process.env.PROFILE_DIR ?? "/tmp/signalboard-profiles";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the stack a function belongs to, from its file. */
export function area(url: string, fn: string): string {
  const path = url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (pkg) {
    if (pkg.startsWith("@libsql") || pkg === "libsql") return "driver (@libsql/client)";
    if (pkg === "drizzle-orm") return "drizzle-orm";
    if (pkg === "hono" || pkg.startsWith("@hono")) return "hono";
    if (pkg === "zod" || pkg.startsWith("@asteasolutions")) return "zod";
    return `pkg ${pkg}`;
  }
  const rel = path.startsWith(root) ? relative(root, path) : path;
  if (rel.startsWith("api/") || rel.startsWith("db/")) {
    if (/middleware\/auth|features\/auth|lib\/crypto/.test(rel)) return "auth (api)";
    if (/track-record|performance\.service|recommendations\.service/.test(rel))
      return "recommendations + outcome scoring (api)";
    if (rel.startsWith("api/analysis")) return "analysis engine (api)";
    if (rel.startsWith("api/market")) return "market / prices (api)";
    if (rel.startsWith("db/")) return "db wrapper (db/)";
    return `api ${rel.split("/").slice(1, 3).join("/")}`;
  }
  if (fn.startsWith("libsql_js::")) return "driver (libsql native: prepare, step, columns)";
  if (!url) {
    if (/^\((garbage collector|program|idle|root)\)$/.test(fn)) return fn;
    if (/stringify|parse|JSON/.test(fn)) return "JSON (native)";
    return "native / runtime";
  }
  if (url.startsWith("node:") || url.startsWith("bun:") || url.includes("builtin"))
    return "bun/node builtins";
  return "other";
}

function summarise(profile: CpuProfile, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    const where = url ? `${relative(root, url.replace(/^file:\/\//, ""))}:${lineNumber + 1}` : "native";
    const key = `${functionName || "(anonymous)"} ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = total - (areas.get("(idle)") ?? 0);
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const sorted = (m: Map<string, number>) =>
    [...m].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busy / 1000,
    idlePct: ((areas.get("(idle)") ?? 0) / total) * 100,
    areas: sorted(areas).map(([k, us]) => `${pct(us)}  ${k}`),
    functions: sorted(fns)
      .slice(0, top)
      .map(([k, us]) => `${pct(us)}  ${k}`),
  };
}

function startProfiled(dbFile: string, profileDir: string) {
  return startBunServer({ DATABASE_URL: `file:${dbFile}`, APP_SECRET: SECRET }, join(root, "api/server.ts"), {
    bunFlags: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  });
}

function printSummary(file: string) {
  const s = summarise(JSON.parse(readFileSync(file, "utf8")) as CpuProfile);
  console.log(
    `server busy ${s.busyMs.toFixed(0)} ms of samples (idle ${s.idlePct.toFixed(0)}%); self time by area:`,
  );
  for (const line of s.areas.slice(0, 12)) console.log(`  ${line}`);
  console.log("top functions (self time):");
  for (const line of s.functions) console.log(`  ${line}`);
  console.log(`profile: ${file}`);
}

if (import.meta.main && process.argv[2] === "--summarise") {
  // Summaries of the profiles a previous run left under PROFILE_DIR, without running anything.
  for (const name of readdirSync(OUT)) {
    const file = readdirSync(join(OUT, name)).find((f) => f.endsWith(".cpuprofile"));
    if (!file) continue;
    console.log(`\n### ${name}`);
    printSummary(join(OUT, name, file));
  }
} else if (import.meta.main) {
  const seed = await buildServingSeed(SECRET, 1);
  const headers = { authorization: `Bearer ${seed.token}` };
  let turn = 0;
  const pool = seed.analyzePools[0]!;
  const endpoints: Record<string, () => Promise<Response>> = {
    latest: () => fetch(`${base}/api/recommendations/latest`, { headers }),
    historical: () => fetch(`${base}${yearOfHistoryPath(seed)}`, { headers }),
    watchlist: () => fetch(`${base}/api/watchlist`, { headers }),
    earnings: () => fetch(`${base}/api/earnings-calendar`, { headers }),
    "insights-history": () => fetch(`${base}/api/insights/history`, { headers }),
    "auth-user": () => fetch(`${base}/api/auth/user`, { headers }),
    analyze: () => {
      const n = turn++;
      return fetch(`${base}/api/insights/analyze`, {
        method: "POST",
        headers: { authorization: `Bearer ${pool[n % pool.length]}`, "content-type": "application/json" },
        body: JSON.stringify({ symbol: seed.symbols[n % seed.symbols.length] }),
      });
    },
  };
  let base = "";
  const wanted = process.argv.slice(2);
  for (const [name, send] of Object.entries(endpoints)) {
    if (wanted.length && !wanted.includes(name)) continue;
    const dir = join(OUT, name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const db = join(dir, "app.db");
    const sqlite = new SqliteFile(seed.file, { readonly: true });
    sqlite.exec(`VACUUM INTO '${db}'`);
    sqlite.close();
    const server = await startProfiled(db, dir);
    base = server.url;
    const load = await runLoad(send, { concurrency: 16, durationMs: SECONDS * 1000, warmupMs: 1000 });
    await server.stop();
    const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
    console.log(
      `\n### ${name}: ${load.perSecond.toFixed(0)} req/s, p99 ${load.p99.toFixed(1)} ms, ${load.failures} failed ` +
        `(16 clients, ${SECONDS} s, under --cpu-prof)`,
    );
    if (!file) {
      console.log(`no profile written; server said: ${server.output().slice(0, 400)}`);
      continue;
    }
    printSummary(join(dir, file));
    rmSync(db, { force: true });
  }
  rmSync(join(seed.file, ".."), { recursive: true, force: true });
}
