import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { readDemoMarketFiles } from "../runtime/demo-market-files.ts";
import { type SqldServer, startSqld } from "../test/sqld.ts";
import { BARS_PER_REQUEST, type DemoMarketFiles, importDemoMarket } from "./demo-import.ts";

// The Workers + Turso seed against a real libSQL server, through a proxy that counts each request's body and can
// cut the connection midway, as a deadline or a dropped network would.
const SYMBOLS = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "WMT"];
let sqld: SqldServer;
let files: DemoMarketFiles;
let proxy: ReturnType<typeof Bun.serve>;
const bodies: number[] = [];
let failAfter = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  sqld = await startSqld();
  files = await readDemoMarketFiles();
  proxy = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const body = await request.arrayBuffer();
      if (request.method === "POST" && body.byteLength > 0) {
        if (bodies.length >= failAfter) return new Response("cut", { status: 502 });
        bodies.push(body.byteLength);
      }
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete("accept-encoding");
      const answer = await fetch(new URL(url.pathname + url.search, sqld.url), {
        method: request.method,
        headers,
        body: request.method === "GET" ? undefined : body,
      });
      return new Response(await answer.arrayBuffer(), {
        status: answer.status,
        headers: { "content-type": answer.headers.get("content-type") ?? "application/json" },
      });
    },
  });
}, 60_000);
afterAll(async () => {
  proxy.stop(true);
  await sqld.stop();
});

const state = async (database: Database) => {
  const [row] = (
    await database.client.execute(
      "select (select count(*) from daily_prices) as bars, (select round(sum(close), 4) from daily_prices) as closes, " +
        "(select count(*) from securities) as securities",
    )
  ).rows;
  return { bars: Number(row?.bars), closes: Number(row?.closes), securities: Number(row?.securities) };
};

describe("the demo market import on a libSQL server", () => {
  test("goes in bounded batches; cut midway, a rerun continues and ends as a full import does", async () => {
    const viaProxy = createDb(`http://127.0.0.1:${proxy.port}`);
    await runMigrations(viaProxy.db);
    bodies.length = 0;
    failAfter = 3;
    await expect(importDemoMarket(viaProxy, files, { symbols: SYMBOLS })).rejects.toThrow();
    failAfter = Number.POSITIVE_INFINITY;
    const cut = await state(viaProxy);
    expect(cut.bars).toBeGreaterThan(0);
    expect(cut.securities).toBe(0);

    const before = bodies.length;
    const { bars } = await importDemoMarket(viaProxy, files, { symbols: SYMBOLS });
    const rerunRequests = bodies.length - before;
    // The rerun sent only what was missing: fewer batches than the whole import takes.
    expect(rerunRequests).toBeLessThan(Math.ceil(bars / BARS_PER_REQUEST) + 3);
    expect(bars).toBeGreaterThan(BARS_PER_REQUEST * 3);
    // No request near the old 144 MB: every one under 4 MB.
    expect(Math.max(...bodies)).toBeLessThan(4 * 1024 * 1024);

    const fullDir = mkdtempSync(join(tmpdir(), "demo-import-full-"));
    const full = createDb(`file:${join(fullDir, "full.db")}`);
    await runMigrations(full.db);
    await importDemoMarket(full, files, { symbols: SYMBOLS });
    expect(await state(viaProxy)).toEqual(await state(full));
    full.client.close();
    viaProxy.client.close();
    rmSync(fullDir, { recursive: true, force: true });
  }, 120_000);
});
