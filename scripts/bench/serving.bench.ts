import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppDeps } from "../../api/lib/context.ts";
import { configureMarket } from "../../api/market/configure.ts";
import { readDemoMarketFiles } from "../../api/runtime/demo-market-files.ts";
import { seedRecommendationHistory } from "../../api/seed/recommendation-history.ts";
import { type BunServer, startBunServer } from "../../api/test/bun-server.ts";
import { httpClient } from "../../api/test/http-client.ts";
import { depsOn, prepareDatabase } from "../../api/test/prepared-database.ts";
import { startSqld } from "../../api/test/sqld.ts";
import { startWorkerd } from "../../api/test/workerd.ts";
import { type LoadResult, runLoad } from "./load.ts";

const SECRET = "bench-serving-secret-bench-serving-secret";
const LOAD = { concurrency: 16, durationMs: 5_000, warmupMs: 1_000 };
const PATH = "/api/recommendations/latest";

/** The demo's shape on a smaller market: 30 symbols since 2022 and 12 weeks of generated recommendations. */
async function seed(url: string) {
  const symbols = (await readDemoMarketFiles()).securitiesCsv
    .trim()
    .split("\n")
    .slice(1, 31)
    .map((line) => line.split(",")[0]!.replaceAll('"', ""));
  const database = await prepareDatabase(url, { symbols, from: "2022-01-01" });
  const deps: AppDeps = depsOn(database, SECRET);
  const asOf = await configureMarket(deps);
  const posted = asOf ? await seedRecommendationHistory(deps, asOf, 12) : 0;
  database.client.close();
  return posted;
}

/** Signs a fresh user in on `baseUrl` and loads signed-in GET /api/recommendations/latest. */
async function loadLatest(baseUrl: string) {
  const { token } = await httpClient(baseUrl).session("bench@example.com", "bench-password");
  const headers = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const first = await fetch(`${baseUrl}${PATH}`, { headers });
  const body = (await first.json()) as unknown[];
  const firstMs = performance.now() - t0;
  if (!first.ok || !Array.isArray(body) || body.length === 0) {
    throw new Error(`${PATH} on ${baseUrl}: ${first.status}, ${JSON.stringify(body).slice(0, 200)}`);
  }
  return {
    firstMs,
    items: body.length,
    result: await runLoad(() => fetch(`${baseUrl}${PATH}`, { headers }), LOAD),
  };
}

const rps = (r: LoadResult) => r.perSecond.toFixed(0).padStart(7);
const p99 = (r: LoadResult) => `${r.p99.toFixed(2)} ms`.padStart(10);

/**
 * Requests/second and p99 of signed-in GET /api/recommendations/latest on Bun + embedded file, Bun + sqld and
 * workerd + sqld, each right after a bare Bun.serve "hello" under the same load in the same run; and the Worker's
 * start-up. Client, servers and sqld share this machine's cores, so the figures are relative, not capacity.
 */
export async function benchServing(): Promise<Record<string, string>> {
  const stops: Array<() => Promise<void>> = [];
  const dir = mkdtempSync(join(tmpdir(), "bench-serving-"));
  stops.push(async () => rmSync(dir, { recursive: true, force: true }));
  try {
    const hello = await startBunServer({}, "scripts/bench/hello-server.ts");
    stops.push(hello.stop);
    const fileUrl = `file:${join(dir, "bench.db")}`;
    const sqld = await startSqld();
    stops.push(sqld.stop);
    const [postedFile] = await Promise.all([seed(fileUrl), seed(sqld.url)]);

    const bunOn = async (url: string): Promise<BunServer> => {
      const server = await startBunServer({ DATABASE_URL: url, APP_SECRET: SECRET });
      stops.push(server.stop);
      return server;
    };
    const bunFile = await bunOn(fileUrl);
    const bunSqld = await bunOn(sqld.url);
    const spawned = performance.now();
    const worker = await startWorkerd({ DATABASE_URL: sqld.url, APP_SECRET: SECRET });
    const workerReadyMs = performance.now() - spawned;
    stops.push(worker.stop);

    const header = `  ${"target".padEnd(20)} ${"req/s".padStart(7)} ${"p99".padStart(10)} ${"fail".padStart(5)}   | ${"hello/s".padStart(7)} ${"hello p99".padStart(10)}   share of hello`;
    const rows: string[] = [];
    const figures: Record<string, string> = {};
    const answers = new Set<number>();
    for (const [name, url] of [
      ["Bun + embedded file", bunFile.url],
      ["Bun + sqld", bunSqld.url],
      ["workerd + sqld", worker.url],
    ] as const) {
      const bare = await runLoad(() => fetch(hello.url), LOAD);
      const latest = await loadLatest(url);
      const r = latest.result;
      const share = `${((r.perSecond / bare.perSecond) * 100).toFixed(1)} %`;
      rows.push(
        `  ${name.padEnd(20)} ${rps(r)} ${p99(r)} ${String(r.failures).padStart(5)}   | ${rps(bare)} ${p99(bare)}   ${share.padStart(8)}`,
      );
      answers.add(latest.items);
      if (name === "workerd + sqld") {
        figures["Worker: its first signed-in latest request after start"] = `${latest.firstMs.toFixed(0)} ms`;
      }
      if (r.firstFailure) figures[`${name}: first failure`] = r.firstFailure;
    }
    console.log(
      `  signed-in GET ${PATH} (${[...answers].join("/")} recommendations with prices and outcomes of ${postedFile}), ` +
        `${LOAD.concurrency} concurrent clients, ${LOAD.durationMs / 1000} s after ${LOAD.warmupMs / 1000} s warm-up;\n` +
        "  each target right after bare Bun.serve hello (own process) under the same load; client, servers and sqld share the cores\n" +
        `${header}\n${rows.join("\n")}`,
    );
    return {
      ...figures,
      "Worker cold start: spawn of wrangler dev to its first HTTP answer": `${workerReadyMs.toFixed(0)} ms (Node + wrangler start, esbuild bundle, workerd start, isolate script run, first request with its market setup on sqld)`,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
