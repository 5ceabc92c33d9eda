import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testClient } from "hono/testing";
import { createApp } from "../../app.ts";
import { createDeps } from "../../deps.ts";
import { bodyOf, inProcess, startTestApp, type TestApp, testRuntime } from "../../test/harness.ts";
import { SECRET_MISMATCH } from "./health.service.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL"], from: "2023-06-01" });
}, 60_000);
afterAll(() => t.close());

// A database restored without its app-secret file (or served with another APP_SECRET): every sign-in would fail to
// open its user's API key, so the server is not ready and says which secret to supply.
describe.skipIf(!inProcess)("readiness with another secret than the database's", () => {
  test("/api/ready answers 503 naming secret and how to supply it; with the right one, 200", async () => {
    await t.createUser();
    const other = createDeps(
      { app: { ...t.deps.config, secret: "another-secret-another-secret-0123456" }, smtp: null },
      testRuntime(t.deps.database, t.clock),
    );
    other.market = t.deps.market;
    const body = await bodyOf(testClient(createApp(other)).api.ready.$get(), 503);
    expect(body.failed).toEqual(["secret"]);
    expect(body.checks.secret).toBe(SECRET_MISMATCH);
    expect((await t.request("/api/ready")).status).toBe(200);
  });
});

// Closing this process's database client is only possible in process.
describe.skipIf(!inProcess)("readiness when the database is gone", () => {
  test("/api/health stays 200 (liveness touches no database); /api/ready answers 503 naming database", async () => {
    expect((await t.request("/api/ready")).status).toBe(200);
    t.deps.database.client.close();
    const health = await t.request("/api/health");
    expect(health.status).toBe(200);
    const body = await bodyOf(t.api().ready.$get(), 503);
    expect(body.failed).toEqual(["database", "migrations", "secret"]);
    expect(body.message).toBe("Not ready: database, migrations, secret.");
  });
});
