import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import type { Database } from "../../db/client.ts";
import { tradingDays } from "../market/price-history.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { errorOf, prepareDatabase, serverApi, testDbKind } from "./harness.ts";

// The embedded file with more than one writer: the Bun server taking writes while the documented scripts
// (generate-recommendations, admin reset-password) write to the same file from their own processes.
const root = join(import.meta.dir, "../..");
const SYMBOLS = ["AAPL", "MSFT", "AMZN", "GOOGL", "JPM", "XOM", "JNJ", "PG", "KO", "PEP"];
const SECRET = "writers-secret-writers-secret-writers-secret";
let dir = "";
let url = "";
let database: Database;
let dates: string[] = [];

beforeAll(async () => {
  if (testDbKind !== "file") return;
  dir = mkdtempSync(join(tmpdir(), "writers-"));
  url = `file:${join(dir, "app.db")}`;
  database = await prepareDatabase(url, {
    symbols: [...SYMBOLS, "CVX", "MRK", "PFE", "WMT"],
    from: "2021-06-01",
  });
  dates = await tradingDays(database.db, "^GSPC", "2023-06-01", "2023-10-27");
  database.client.close();
}, 30_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface ScriptRun {
  code: number | null;
  output: string;
}

/** One run of a documented script on the shared file, as an operator would start it. */
async function runScript(args: string[], stdin?: string): Promise<ScriptRun> {
  const proc = Bun.spawn([process.execPath, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      DATABASE_URL: url,
      APP_SECRET: SECRET,
      LOG_LEVEL: "warn",
    },
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code: await proc.exited, output: out + err };
}

describe.skipIf(testDbKind !== "file")("an embedded file with a second writer", () => {
  test("the server takes a few hundred writes while generate-recommendations and admin reset-password run on the same file: no failed request, no script crash", async () => {
    const server: BunServer = await startBunServer({
      DATABASE_URL: url,
      APP_SECRET: SECRET,
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_EMAIL: "100000",
    });
    const api = serverApi(server.url);
    const operator = await api.session("operator@example.com", "operator-password-0");
    expect(operator.token).toBeTruthy();
    const watchers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.session(`watcher-${i}@example.com`, "watcher-password")),
    );

    let writing = true;
    const scripts: Array<ScriptRun & { name: string }> = [];
    const generator = (async () => {
      for (let i = 0; writing; i++) {
        const date = dates[i % dates.length]!;
        scripts.push({
          name: `generate-recommendations --date ${date}`,
          ...(await runScript(["scripts/generate-recommendations.ts", "--date", date])),
        });
      }
    })();
    let password = "operator-password-0";
    const resetter = (async () => {
      for (let i = 1; writing; i++) {
        const run = await runScript(
          ["scripts/admin.ts", "reset-password", "operator@example.com"],
          `operator-password-${i}\n`,
        );
        if (run.code === 0) password = `operator-password-${i}`;
        scripts.push({ name: "admin reset-password", ...run });
      }
    })();

    // 100 registrations and 200 watchlist adds (20 users x 10 symbols), ten at a time.
    const jobs: Array<() => Promise<number>> = [];
    for (let i = 0; i < 100; i++)
      jobs.push(async () => {
        const res = await api.request("/api/auth/register", {
          json: { email: `writer-${i}@example.com`, password: "writer-password" },
        });
        await res.body?.cancel();
        return res.status;
      });
    for (const watcher of watchers)
      for (const symbol of SYMBOLS)
        jobs.push(async () => {
          const res = await api.request("/api/watchlist", { token: watcher.token, json: { symbol } });
          await res.body?.cancel();
          return res.status;
        });
    const statuses: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) statuses.push(await job());
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    writing = false;
    await Promise.all([generator, resetter]);
    // The scripts' writes landed: the last password set is the one that signs in.
    const signIn = await api.request("/api/auth/signin", {
      json: { email: "operator@example.com", password },
    });
    await server.stop();

    const failed = statuses.filter((s) => s !== 200 && s !== 201);
    const crashed = scripts.filter((s) => s.code !== 0);
    console.log(
      `${statuses.length} writes in ${seconds.toFixed(1)} s: ${failed.length} failed; ` +
        `${scripts.length} script runs, ${crashed.length} crashed`,
    );
    expect({
      failed: failed.length,
      crashed: crashed.map((s) => `${s.name}: ${s.output}`).slice(0, 3),
    }).toEqual({ failed: 0, crashed: [] });
    expect(statuses.length).toBe(300);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    expect(server.output()).not.toContain("SQLITE_BUSY");
    expect(password).not.toBe("operator-password-0");
    expect(signIn.status).toBe(200);
    const check = createClient({ url });
    const posted = await check.execute("select count(*) as n from recommendations");
    check.close();
    expect(Number(posted.rows[0]!.n)).toBeGreaterThan(0);
  }, 60_000);

  test("while another process holds the write lock, health and reads answer at once; a write gives up after 5 s", async () => {
    // The documented default busy timeout (DATABASE_BUSY_TIMEOUT_MS unset).
    const server = await startBunServer({
      DATABASE_URL: url,
      APP_SECRET: SECRET,
      AUTH_RATE_LIMIT_PER_IP: "100000",
    });
    const api = serverApi(server.url);
    const other = createClient({ url });
    const held = await other.transaction("write");
    await held.execute("update securities set name = name where symbol = 'AAPL'");
    try {
      const started = performance.now();
      const write = api
        .request("/api/auth/register", {
          json: { email: "held-lock@example.com", password: "held-lock-password" },
        })
        .then((response) => ({ response, seconds: (performance.now() - started) / 1000 }));
      // Probes and reads sent while the write waits for the lock.
      const probes: number[] = [];
      for (let i = 0; i < 5; i++) {
        await Bun.sleep(400);
        for (const path of ["/api/health", "/api/market/status"]) {
          const sent = performance.now();
          const answer = await api.request(path);
          expect(answer.status, path).toBe(200);
          probes.push(performance.now() - sent);
        }
      }
      const { response, seconds } = await write;
      console.log(
        `write refused after ${seconds.toFixed(1)} s; slowest probe ${Math.max(...probes).toFixed(0)} ms`,
      );
      expect(Math.max(...probes)).toBeLessThan(500);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBeTruthy();
      expect((await errorOf(response, 503)).code).toBe("DATABASE_BUSY");
      expect(seconds).toBeGreaterThan(4.5);
      expect(seconds).toBeLessThan(7);
    } finally {
      await held.commit();
      other.close();
      await server.stop();
    }
  }, 30_000);

  test("a write refused after the busy timeout answers 503 with Retry-After, and the log says SQLITE_BUSY", async () => {
    const server = await startBunServer({
      DATABASE_URL: url,
      APP_SECRET: SECRET,
      DATABASE_BUSY_TIMEOUT_MS: "300",
      AUTH_RATE_LIMIT_PER_IP: "100000",
    });
    const api = serverApi(server.url);
    // Another process's connection keeps the write lock longer than the server waits.
    const other = createClient({ url });
    const held = await other.transaction("write");
    await held.execute("update securities set name = name where symbol = 'AAPL'");
    const started = performance.now();
    const refused = await api.request("/api/auth/register", {
      json: { email: "locked-out@example.com", password: "locked-out-password" },
    });
    const waited = performance.now() - started;
    const read = await api.request("/api/market/status");
    await held.commit();
    other.close();
    const retried = await api.request("/api/auth/register", {
      json: { email: "locked-out@example.com", password: "locked-out-password" },
    });
    await server.stop();

    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await errorOf(refused, 503)).code).toBe("DATABASE_BUSY");
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(read.status).not.toBe(503);
    expect(retried.status, server.output()).toBe(201);
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes("Database busy"));
    expect(line).toContain("SQLITE_BUSY");
    expect(line).toContain("/api/auth/register");
  }, 30_000);
});
