import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { jobRuns, recommendations } from "../../db/schema/index.ts";
import { createApp } from "../app.ts";
import { createUser } from "../features/auth/auth.service.ts";
import type { AppDeps } from "../lib/context.ts";
import { bunPasswordHasher } from "../runtime/bun-deps.ts";
import { bodyOf, depsOn, prepareDatabase, serverApi } from "./harness.ts";
import { startSqld } from "./sqld.ts";
import { startWorkerd } from "./workerd.ts";

// The Worker (api/worker.ts in workerd via wrangler dev) on a real libSQL server, next to the Bun code on the
// same database. Runs in the libSQL-server phase of the suite.
const enabled = process.env.TEST_DB === "sqld";
const SECRET = "worker-secret-worker-secret-worker-secret";
let stop: Array<() => Promise<void>> = [];
let url = "";
let deps: AppDeps;

beforeAll(async () => {
  if (!enabled) return;
  const sqld = await startSqld();
  const database = await prepareDatabase(sqld.url, { symbols: ["AAPL", "MSFT", "NVDA"], from: "2022-01-01" });
  deps = depsOn(database, SECRET);
  // A first request to one feature: the Worker builds that feature's app first, the whole app later (decision 158).
  const worker = await startWorkerd(
    { DATABASE_URL: sqld.url, APP_SECRET: SECRET },
    { readyPath: "/api/health" },
  );
  url = worker.url;
  stop = [worker.stop, async () => database.client.close(), sqld.stop];
}, 60_000);
afterAll(async () => {
  for (const s of stop) await s();
});

const json = (path: string, body: unknown, token?: string) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe.skipIf(!enabled)("the same app on Cloudflare Workers (workerd + sqld)", () => {
  test("an account made by the Bun code signs in on the Worker, and one made on the Worker verifies in Bun", async () => {
    await createUser(deps, { email: "made-on-bun@example.com", password: "bun-password-1" });
    expect(
      (await json("/api/auth/signin", { email: "made-on-bun@example.com", password: "bun-password-1" }))
        .status,
    ).toBe(200);
    expect(
      (
        await json("/api/auth/register", {
          email: "made-on-worker@example.com",
          password: "worker-password-1",
        })
      ).status,
    ).toBe(201);
    const row = await deps.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, "made-on-worker@example.com"),
    });
    expect(await bunPasswordHasher.verify("worker-password-1", row!.passwordHash!)).toBe(true);
  });

  test("after a feature's first request, the Worker serves the OpenAPI document the Bun app does, byte for byte", async () => {
    const onWorker = await fetch(`${url}/api/openapi.json`);
    expect(onWorker.status).toBe(200);
    const onBun = await createApp(deps).request("/api/openapi.json");
    const document = await onBun.text();
    expect(document.length).toBeGreaterThan(100_000);
    expect(await onWorker.text()).toBe(document);
  });

  test("the analysis engine and the demo market answer on the Worker", async () => {
    const { user } = await bodyOf(
      serverApi(url)
        .api()
        .auth.signin.$post({ json: { email: "made-on-bun@example.com", password: "bun-password-1" } }),
      200,
    );
    const res = await json("/api/insights/analyze", { symbol: "nvda" }, user.authToken);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ symbol: "NVDA", asOf: "2023-10-27", currentPrice: 405 });
    const page = await fetch(`${url}/some/client/route`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  test("a cron invocation generates the date's recommendations once; a second changes nothing", async () => {
    const countRecs = async () => (await deps.database.db.select({ n: count() }).from(recommendations))[0]!.n;
    expect(await countRecs()).toBe(0);
    expect((await fetch(`${url}/__scheduled?cron=*/15+*+*+*+*`)).status).toBe(200);
    let after = 0;
    for (let i = 0; i < 150 && after === 0; i++) {
      await Bun.sleep(100);
      after = await countRecs();
    }
    expect(after).toBeGreaterThan(0);
    const runs = await deps.database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.name, "generate-recommendations"));
    expect(runs).toHaveLength(1);
    await fetch(`${url}/__scheduled?cron=*/15+*+*+*+*`);
    await Bun.sleep(1000);
    expect(await countRecs()).toBe(after);
  }, 30_000);
});
