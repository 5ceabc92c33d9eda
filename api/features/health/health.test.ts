import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, startTestApp, type TestApp } from "../../test/harness.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL"], from: "2023-06-01" });
}, 60_000);
afterAll(() => t.close());

// Closing this process's database client is only possible in process.
describe.skipIf(!inProcess)("readiness when the database is gone", () => {
  test("/api/health stays 200 (liveness touches no database); /api/ready answers 503 naming database", async () => {
    expect((await t.request("/api/ready")).status).toBe(200);
    t.deps.database.client.close();
    const health = await t.request("/api/health");
    expect(health.status).toBe(200);
    const ready = await t.request("/api/ready");
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { failed: string[]; message: string };
    expect(body.failed).toEqual(["database", "migrations"]);
    expect(body.message).toBe("Not ready: database, migrations.");
  });
});
