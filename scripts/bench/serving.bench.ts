import { Database as SqliteFile } from "bun:sqlite";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HISTORY_PAGE_SIZE } from "../../api/features/recommendations/recommendations.constants.ts";
import { type BunServer, startBunServer } from "../../api/test/bun-server.ts";
import type { WorkerdServer } from "../../api/test/workerd.ts";
import { coreSplit, pin } from "./cores.ts";
import { type LoadResult, runLoad } from "./load.ts";
import {
  buildServingSeed,
  INSIGHTS,
  type ServingSeed,
  WATCHLIST_ITEMS,
  yearOfHistoryPath,
} from "./serving-seed.ts";
import { startSqldOn } from "./sqld-on.ts";
import { buildWorkerBundle, startWorkerdDirect } from "./workerd-direct.ts";

const SECRET = "bench-serving-secret-bench-serving-secret";

/**
 * `bun run bench serving` measures what issue 14's "Done when" names: 5 s per figure (in ROUNDS rounds beside the
 * bare hello) after 1 s warm-up, so each Bun server takes 6 x 5 s of warm-up and 7 endpoints x 2 concurrencies x
 * 6.6 s = 122 s of load before its memory is read.
 * `--quick` (or BENCH_QUICK=1) runs 1.5 s after 0.5 s for a quick look; its memory figure is then after ~28 s.
 */
const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";
const DURATION_MS = QUICK ? 1_500 : 5_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
/**
 * Load on each read endpoint of a fresh server before anything is measured. JSC's optimizing compiler works on
 * the server's core for seconds after start: with 1 s per endpoint, the measured windows held 0.6 s of it in 5 s
 * and its preemptions made the p99; a server that has run for a minute has none (decision 099).
 */
const SERVER_WARMUP_MS = QUICK ? 500 : 5_000;
const CONCURRENCIES = [16, 64] as const;
/**
 * Each figure is ROUNDS rounds of the bare hello then the endpoint: this machine's speed drifts within seconds
 * (back to back, one endpoint measured 9-16% of bare), so each round's share is taken against the bare measured just
 * before it, and the figure's share is their median. Rate and p99 are over all the endpoint's rounds.
 */
const ROUNDS = 3;
const BARE_ROUND_MS = QUICK ? 300 : 1_000;
/** Unmeasured load at the start of each round: the client's connections to the other server are opened again. */
const ROUND_WARMUP_MS = 200;

/**
 * BENCH_GUNZIP=0: a client that asks for gzip and leaves it undone (every request, the bare hello's included), to
 * tell what an answer costs the server from what unzipping and reading it costs the load generator beside sqld.
 */
const CLIENT_GUNZIPS = process.env.BENCH_GUNZIP !== "0";
/** How runLoad reads answers: as bytes when they stay gzipped (decoding them as text would cost more than unzipping). */
const READ = { bytes: !CLIENT_GUNZIPS };

/** Every request the bench sends, as its client reads answers (decompressed by default, as a browser does). */
function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  if (CLIENT_GUNZIPS) return fetch(url, init);
  return fetch(url, { ...init, decompress: false, headers: { ...init.headers, "accept-encoding": "gzip" } });
}

/** What a figure's requests cost the processes serving them, in CPU µs per request (user and system). */
interface CpuPerRequest {
  endpoint: number;
  bare: number;
  /** The load generator's own, sending the requests and reading the answers (sqld, beside it, not counted). */
  client: number;
}

/**
 * The endpoint's rounds beside the bare hello's: together, the median of the rounds' shares, and the CPU each
 * request took of the processes that serve it (`servedBy`: the server, and sqld when it reads from one) against
 * the bare hello's, a figure the client and the cores it is given do not move.
 */
async function besideBare(
  send: () => Promise<Response>,
  bare: { send: () => Promise<Response>; pid: number },
  servedBy: readonly number[],
  concurrency: number,
): Promise<{ result: LoadResult; share: number; cpu: CpuPerRequest }> {
  await runLoad(send, { ...READ, concurrency, durationMs: WARMUP_MS, warmupMs: 0 });
  const rounds: Array<{ endpoint: LoadResult; bare: LoadResult }> = [];
  for (let i = 0; i < ROUNDS; i++) {
    const b = await runLoad(bare.send, {
      ...READ,
      concurrency,
      durationMs: BARE_ROUND_MS,
      warmupMs: ROUND_WARMUP_MS,
      meter: () => cpuMs([bare.pid]),
    });
    const e = await runLoad(send, {
      ...READ,
      concurrency,
      durationMs: DURATION_MS / ROUNDS,
      warmupMs: ROUND_WARMUP_MS,
      meter: () => cpuMs(servedBy),
    });
    rounds.push({ endpoint: e, bare: b });
  }
  const shares = rounds.map((r) => r.endpoint.perSecond / r.bare.perSecond).sort((a, b) => a - b);
  const latencies = rounds.flatMap((r) => r.endpoint.latencies).sort((a, b) => a - b);
  const failures = rounds.reduce((n, r) => n + r.endpoint.failures, 0);
  const sum = (f: (r: (typeof rounds)[number]) => number) => rounds.reduce((n, r) => n + f(r), 0);
  const result: LoadResult = {
    requests: latencies.length,
    failures,
    perSecond: sum((r) => r.endpoint.perSecond) / ROUNDS,
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? Number.NaN,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? Number.NaN,
    firstFailure: rounds.find((r) => r.endpoint.firstFailure)?.endpoint.firstFailure,
    latencies,
    metered: sum((r) => r.endpoint.metered),
    clientCpuMs: sum((r) => r.endpoint.clientCpuMs),
  };
  const cpu = {
    endpoint: cpuPerRequest(result),
    bare: cpuPerRequest({ metered: sum((r) => r.bare.metered), requests: sum((r) => r.bare.requests) }),
    client: cpuPerRequest({ metered: result.clientCpuMs, requests: result.requests }),
  };
  return { result, share: shares[Math.floor(ROUNDS / 2)]!, cpu };
}

/** The Historical tab's first page of a year's search: what the tab asks for (it pages; the API answers 500 unpaged). */
const HISTORICAL = `historical (1 yr, ${HISTORY_PAGE_SIZE})`;

interface Endpoint {
  name: string;
  /** A request factory; called once per request (analyze takes turns over users and symbols). */
  request(baseUrl: string, pool: string[]): () => Promise<Response>;
}

function endpoints(seed: ServingSeed): Endpoint[] {
  const headers = { authorization: `Bearer ${seed.token}` };
  const get = (path: string) => (baseUrl: string) => () => send(`${baseUrl}${path}`, { headers });
  return [
    { name: "latest", request: get("/api/recommendations/latest") },
    {
      // 64 users in turn: one user's searches are at most 2 in flight by design (decision 089), so 16 clients of
      // one user measured mostly 429s on a libSQL server; the kept page is the same for everyone. (More users would
      // measure their sessions' first-request writes instead.)
      name: HISTORICAL,
      request: (baseUrl, pool) => {
        let turn = 0;
        const path = `${baseUrl}${yearOfHistoryPath(seed)}`;
        const users = pool.slice(0, 64);
        return () => {
          const token = users.length ? users[turn++ % users.length] : seed.token;
          return send(path, { headers: { authorization: `Bearer ${token}` } });
        };
      },
    },
    { name: `watchlist (${WATCHLIST_ITEMS})`, request: get("/api/watchlist") },
    { name: "earnings calendar", request: get("/api/earnings-calendar") },
    { name: `insights history (${INSIGHTS})`, request: get("/api/insights/history") },
    { name: "auth/user", request: get("/api/auth/user") },
    {
      name: "analyze (POST)",
      request: (baseUrl, pool) => {
        let turn = 0;
        return () => {
          const n = turn++;
          return send(`${baseUrl}/api/insights/analyze`, {
            method: "POST",
            headers: { authorization: `Bearer ${pool[n % pool.length]}`, "content-type": "application/json" },
            body: JSON.stringify({ symbol: seed.symbols[n % seed.symbols.length] }),
          });
        };
      },
    },
  ];
}

/** CPU µs per request over a measured window whose `meter` was cpuMs. */
const cpuPerRequest = (r: { metered: number; requests: number }) =>
  (r.metered * 1000) / Math.max(1, r.requests);

/**
 * CPU time (ms, user and system, every thread) the processes have used so far: /proc/<pid>/stat's utime and stime,
 * in the kernel's USER_HZ ticks of 10 ms.
 */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis start at the third (state): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** Resident and peak resident memory of a process, in MB, from /proc/<pid>/status. */
export function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** What one GET answers (items or count, and its text), checked once before the load so a broken endpoint is not timed. */
async function probe(
  send: () => Promise<Response>,
  name: string,
  target: string,
): Promise<{ said: string; text: string }> {
  const res = await send();
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Still gzipped when the client leaves it undone (BENCH_GUNZIP=0).
  const text = new TextDecoder().decode(
    bytes[0] === 0x1f && bytes[1] === 0x8b ? Bun.gunzipSync(bytes) : bytes,
  );
  if (!res.ok) throw new Error(`${name} on ${target}: ${res.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as unknown;
  const size = `${(text.length / 1024).toFixed(0)} KB`;
  if (Array.isArray(body)) return { said: `${body.length} items (${size})`, text };
  const count = (body as { count?: number; entries?: unknown[] }).count;
  return { said: count === undefined ? size : `${count} entries (${size})`, text };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const rate = (r: LoadResult) => r.perSecond.toFixed(0);
const p99 = (r: LoadResult) => r.p99.toFixed(1);
/**
 * One concurrency's figures: rate, share of bare, p99, then CPU µs per request and the bare hello's against it, and
 * the load generator's CPU µs per request.
 */
const cell = (r: LoadResult, ofBare: string, cpu: CpuPerRequest) =>
  `${pad(rate(r), 8)} ${pad(ofBare, 8)} ${pad(p99(r), 7)} ${pad(cpu.endpoint.toFixed(0), 6)} ` +
  `${pad(`${((cpu.bare / cpu.endpoint) * 100).toFixed(1)}%`, 7)} ${pad(cpu.client.toFixed(0), 6)}`;

/**
 * Every hot endpoint of issue 14 over real HTTP on Bun + embedded file, Bun + sqld and workerd + sqld (the bundle a
 * deploy uploads, run by the workerd binary without `wrangler dev`'s proxy worker in front): requests/s,
 * share of a bare Bun.serve hello measured under the same load right before each target, and p99, at 16 and at 64
 * connections; the Bun servers' resident memory after start on the seeded database and after the load. Where the
 * host allows, the server under test (and the bare hello) has a core to itself, and the load generator and sqld
 * share the other (scripts/bench/cores.ts, decision 096); the figures are relative, not capacity.
 */
export async function benchServing(): Promise<Record<string, string>> {
  const cores = coreSplit();
  if ("client" in cores) pin(process.pid, cores.client);
  /** A server under test just started, moved onto its own core (its start ran on the client's). */
  const onServerCore = <S extends { pid: number } | { process: { pid: number } }>(server: S): S => {
    if ("server" in cores) pin("pid" in server ? server.pid : server.process.pid, cores.server);
    return server;
  };
  const stops: Array<() => Promise<void>> = [
    async () => {
      if ("all" in cores) pin(process.pid, cores.all);
    },
  ];
  const dir = mkdtempSync(join(tmpdir(), "bench-serving-"));
  stops.push(async () => rmSync(dir, { recursive: true, force: true }));
  try {
    const seed = await buildServingSeed(SECRET, 3);
    stops.push(async () => rmSync(join(seed.file, ".."), { recursive: true, force: true }));
    console.log(
      `  seeded in ${seed.seconds.toFixed(1)} s: the demo market (${seed.bars.toLocaleString("en-US")} bars, as of ${seed.asOf}), ` +
        `${seed.recommendations} generated recommendations, a user with ${WATCHLIST_ITEMS} watchlist items and ` +
        `${INSIGHTS} analyses, 3 x ${seed.analyzePools[0]!.length} users for analyze (30 a minute each)`,
    );
    // Each target starts from its own copy of the seed: a file for the Bun server, sqld's data file for sqld.
    const copy = (to: string) => {
      const sqlite = new SqliteFile(seed.file, { readonly: true });
      sqlite.exec(`VACUUM INTO '${to}'`);
      sqlite.close();
    };
    const filePath = join(dir, "bench.db");
    copy(filePath);
    // One libSQL server per target that uses one, each on its own copy: what one target's analyses leave
    // queued in sqld must not be measured as the next target's.
    const freshSqld = async (name: string) => {
      const sqldDir = join(dir, name);
      mkdirSync(join(sqldDir, "dbs/default"), { recursive: true });
      copy(join(sqldDir, "dbs/default/data"));
      // On the load generator's core, whose affinity it inherits: the database is not the server under test.
      const started = await startSqldOn(sqldDir);
      stops.push(started.stop);
      return started;
    };

    const hello = onServerCore(await startBunServer({}, "scripts/bench/hello-server.ts"));
    stops.push(hello.stop);
    let sqld = await freshSqld("sqld-bun");

    // BENCH_ENDPOINTS=analyze (comma-separated) measures only the endpoints whose name contains one.
    const endpointsWanted = (process.env.BENCH_ENDPOINTS ?? "").toLowerCase().split(",").filter(Boolean);
    const list = endpoints(seed).filter(
      (e) => !endpointsWanted.length || endpointsWanted.some((w) => e.name.toLowerCase().includes(w)),
    );
    const memory: Record<string, string> = {};
    const failures: Record<string, string> = {};
    const bunOn = (url: string): Promise<BunServer> =>
      // At the default LOG_LEVEL: an access line per request is part of what a request costs.
      startBunServer({ DATABASE_URL: url, APP_SECRET: SECRET, LOG_LEVEL: "info" }).then(onServerCore);
    let workerReadyMs = 0;
    const targets: Array<{
      name: string;
      start: () => Promise<BunServer | (WorkerdServer & { pid: number })>;
      /** The processes besides the server whose CPU serves its requests. */
      alongside: () => number[];
    }> = [
      { name: "Bun + file", start: () => bunOn(`file:${filePath}`), alongside: () => [] },
      { name: "Bun + sqld", start: () => bunOn(sqld.url), alongside: () => [sqld.pid] },
      {
        name: "workerd + sqld",
        alongside: () => [sqld.pid],
        start: async () => {
          await sqld.stop();
          sqld = await freshSqld("sqld-workerd");
          const bundle = buildWorkerBundle(join(dir, "worker"));
          if ("error" in bundle) throw new Error(bundle.error);
          const spawned = performance.now();
          // The deployed bundle in workerd itself, wrangler.toml's variables plus the secrets a deploy sets.
          const worker = onServerCore(
            await startWorkerdDirect(bundle, {
              SEED_ON_START: "false",
              TRUST_PROXY: "false",
              DATABASE_URL: sqld.url,
              APP_SECRET: SECRET,
              LOG_LEVEL: "info",
            }),
          );
          workerReadyMs = performance.now() - spawned;
          return worker;
        },
      },
    ];
    // BENCH_TARGETS=file (or sqld, workerd; comma-separated) measures only the targets whose name contains one.
    const wanted = (process.env.BENCH_TARGETS ?? "").toLowerCase().split(",").filter(Boolean);
    if (wanted.length) {
      const kept = targets.filter((t) => wanted.some((w) => t.name.toLowerCase().includes(w)));
      targets.splice(0, targets.length, ...kept);
    }
    const answers: string[] = [];
    /** Each read endpoint's answer as the first target sent it, for the bare server to send the same bytes. */
    const answerFiles = new Map<string, string>();
    console.log(
      `  ${QUICK ? "QUICK: " : ""}${DURATION_MS / 1000} s per figure after ${WARMUP_MS / 1000} s warm-up, in ${ROUNDS} rounds; closed-loop clients in this process ` +
        `(${"client" in cores ? `on core ${cores.client} with sqld, the server under test on core ${cores.server}` : `cores shared: ${cores.none}`}); ` +
        `bare = Bun.serve hello (own process), its row measured before each target; "of bare" = the median over the ${ROUNDS} rounds ` +
        `of the endpoint's rate against the bare hello's measured for ${BARE_ROUND_MS / 1000} s just before; p99 in ms; ` +
        "cpu = CPU µs per request (user and system) of the server and the sqld it reads from, and the bare hello's " +
        "against it (neither the client nor the cores move it); cli = CPU µs per request of the load generator " +
        "(sending and reading, gunzip included; sqld beside it not counted)\n" +
        `  ${"target".padEnd(16)} ${"endpoint".padEnd(22)} ${CONCURRENCIES.map((n) => `${pad(`req/s@${n}`, 8)} ${pad("of bare", 8)} ${pad(`p99@${n}`, 7)} ${pad(`cpu@${n}`, 6)} ${pad("of bare", 7)} ${pad(`cli@${n}`, 6)}`).join("  ")}`,
    );
    // What each answer's size alone costs: the bare server sending the same bytes as the endpoint, gzipped as the app
    // gzips them, in rounds beside the bare hello as the endpoints are, right after the first target (before any
    // libSQL server or Worker runs beside it).
    const sameBytes = async () => {
      for (const [name, file] of answerFiles) {
        const same = onServerCore(
          await startBunServer({ ANSWER_FILE: file }, "scripts/bench/hello-server.ts"),
        );
        const cells: string[] = [];
        for (const concurrency of CONCURRENCIES) {
          const {
            result,
            share: inRounds,
            cpu,
          } = await besideBare(
            () => send(same.url),
            { send: () => send(hello.url), pid: hello.process.pid },
            [same.process.pid],
            concurrency,
          );
          cells.push(cell(result, `${(inRounds * 100).toFixed(2)}%`, cpu));
        }
        await same.stop();
        console.log(`  ${"bare, same bytes".padEnd(16)} ${name.padEnd(22)} ${cells.join("  ")}`);
      }
    };
    for (const [index, target] of targets.entries()) {
      try {
        const bare = new Map<number, LoadResult>();
        for (const concurrency of CONCURRENCIES) {
          bare.set(
            concurrency,
            await runLoad(() => send(hello.url), {
              ...READ,
              concurrency,
              durationMs: DURATION_MS,
              warmupMs: WARMUP_MS,
              meter: () => cpuMs([hello.process.pid]),
            }),
          );
        }
        const server = await target.start();
        stops.push(server.stop);
        const bun = "process" in server ? (server as BunServer) : undefined;
        const pid = bun?.process.pid;
        const servedBy = [pid ?? (server as { pid: number }).pid, ...target.alongside()];
        const atStart = pid ? residentMb(pid) : undefined;
        let loadSeconds = 0;
        const bareCells = CONCURRENCIES.map((n) => {
          const r = bare.get(n)!;
          const own = cpuPerRequest(r);
          const client = cpuPerRequest({ metered: r.clientCpuMs, requests: r.requests });
          return cell(r, "100%", { endpoint: own, bare: own, client });
        });
        console.log(`  ${target.name.padEnd(16)} ${"bare hello".padEnd(22)} ${bareCells.join("  ")}`);
        // A fresh server's first requests run cold code and compute what it keeps: every read endpoint gets a
        // round of load first (not measured, counted in the load before the memory figure), as a running server has.
        for (const endpoint of list.filter((e) => !e.name.startsWith("analyze"))) {
          await runLoad(endpoint.request(server.url, seed.analyzePools[index]!), {
            ...READ,
            concurrency: 16,
            durationMs: SERVER_WARMUP_MS,
            warmupMs: 0,
          });
          loadSeconds += SERVER_WARMUP_MS / 1000;
        }
        for (const endpoint of list) {
          const pool = seed.analyzePools[index]!;
          if (index === 0 && endpoint.name !== "analyze (POST)") {
            const probed = await probe(endpoint.request(server.url, pool), endpoint.name, target.name);
            answers.push(`${endpoint.name}: ${probed.said}`);
            const file = join(dir, `answer-${answerFiles.size}.json`);
            writeFileSync(file, probed.text);
            answerFiles.set(endpoint.name, file);
          }
          const cells: string[] = [];
          for (const concurrency of CONCURRENCIES) {
            const {
              result: r,
              share: inRounds,
              cpu,
            } = await besideBare(
              endpoint.request(server.url, pool),
              { send: () => send(hello.url), pid: hello.process.pid },
              servedBy,
              concurrency,
            );
            loadSeconds += (WARMUP_MS + DURATION_MS + ROUNDS * ROUND_WARMUP_MS) / 1000;
            cells.push(
              r.requests === 0 && r.failures > 0
                ? `${pad("all failed", 47)}`
                : cell(r, `${(inRounds * 100).toFixed(2)}%`, cpu),
            );
            if (r.failures) {
              failures[`${target.name} ${endpoint.name} @${concurrency}`] =
                `${r.failures} failed (first: ${r.firstFailure})`;
            }
          }
          console.log(`  ${"".padEnd(16)} ${endpoint.name.padEnd(22)} ${cells.join("  ")}`);
        }
        if (pid && atStart) {
          const after = residentMb(pid);
          memory[
            `${target.name}: server RSS after start on the seeded database / after ${loadSeconds.toFixed(0)} s of load (peak)`
          ] =
            `${atStart.rss.toFixed(0)} MB / ${after.rss.toFixed(0)} MB (${after.peak.toFixed(0)} MB) (target <= 200 MB)`;
        }
        const log = "output" in server ? (server as { output(): string }).output() : "";
        const errorLine = log.split("\n").find((line) => /error/i.test(line) && !/listening/.test(line));
        if (errorLine)
          failures[`${target.name}: first error the server logged`] =
            errorLine.length > 700 ? `${errorLine.slice(0, 300)} … ${errorLine.slice(-400)}` : errorLine;
        await server.stop();
        if (index === 0) await sameBytes();
      } catch (error) {
        failures[`${target.name}: not measured`] = String(error).slice(0, 400);
      }
    }
    console.log(`  answers on the seed: ${answers.join(", ")}`);
    return {
      "Where the processes ran":
        "client" in cores
          ? `load generator and sqld on core ${cores.client}, the server under test on core ${cores.server}`
          : `cores shared (${cores.none})`,
      ...memory,
      // Only when the Worker ran (BENCH_TARGETS may leave it out).
      ...(workerReadyMs > 0 && {
        "Worker cold start: spawn of workerd to its first HTTP answer": `${workerReadyMs.toFixed(0)} ms`,
      }),
      ...failures,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}
