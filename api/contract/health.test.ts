import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, startTestApp, type TestApp, targetName } from "../test/harness.ts";

// Liveness and readiness, as a probe sees them, on every target: Bun + file, Bun + sqld and workerd + sqld.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIp: 1, perEmail: 1, windowMs: 600_000 } });
}, 60_000);
afterAll(() => t.close());

describe(`health and readiness (${targetName})`, () => {
  test("GET /api/health answers 200 { status: ok } without credentials", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("GET /api/ready answers 503 naming the market while no market data is there, 200 once it is", async () => {
    const notReady = await bodyOf(t.api().ready.$get(), 503);
    expect(notReady.code).toBe("NOT_READY");
    expect(notReady.failed).toEqual(["market"]);
    expect(notReady.checks.database).toBe("ok");
    expect(notReady.checks.migrations).toBe("ok");

    await t.useDemoMarket({ symbols: ["AAPL"], from: "2023-06-01" });
    const after = await t.request("/api/ready");
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({
      status: "ok",
      checks: { database: "ok", migrations: "ok", secret: "ok", market: "ok" },
    });
  });

  test("a migration missing from __drizzle_migrations makes it 503 naming migrations", async () => {
    const { client } = t.deps.database;
    const latest = await client.execute(
      "select hash, created_at from __drizzle_migrations order by created_at desc limit 1",
    );
    const row = latest.rows[0]!;
    await client.execute({
      sql: "delete from __drizzle_migrations where hash = ?",
      args: [row.hash ?? null],
    });
    try {
      const body = await bodyOf(t.api().ready.$get(), 503);
      expect(body.failed).toEqual(["migrations"]);
      expect(body.checks.migrations).toMatch(/1 migration\(s\) not applied/);
    } finally {
      await client.execute({
        sql: "insert into __drizzle_migrations (hash, created_at) values (?, ?)",
        args: [row.hash ?? null, row.created_at ?? null],
      });
    }
    expect((await t.request("/api/ready")).status).toBe(200);
  });

  test("probes are not rate limited (a limit of 1 per window here) and need no sign-in", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await t.request("/api/health", { ip: "203.0.113.9" })).status).toBe(200);
      expect((await t.request("/api/ready", { ip: "203.0.113.9" })).status).toBe(200);
    }
  });

  test("both are in the OpenAPI document as public operations", async () => {
    const doc = await t.openApi();
    expect(doc.paths["/api/health"]?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths["/api/ready"]?.get?.responses ?? {}).sort()).toEqual(["200", "503"]);
    expect(doc.paths["/api/ready"]?.get?.security).toEqual([]);
  });
});
