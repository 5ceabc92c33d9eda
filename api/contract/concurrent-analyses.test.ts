import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { WORKER_WRITES_IN_FLIGHT } from "../../db/worker-writes.ts";
import { startSession } from "../features/auth/auth.service.ts";
import { startTestApp, type TestApp, targetName, testTarget } from "../test/harness.ts";

// 64 clients analysing at once, each signed in as its own user: every analysis writes its rate-limit count and its
// history row. On workerd + sqld each write is an HTTP request of its own: sent all at once, sqld's connections
// waited on each other for its write lock past the 5 s deadline (503). The Worker now has at most
// WORKER_WRITES_IN_FLIGHT writes in flight (decision 093), which a proxy between it and sqld counts.
const CLIENTS = 64;
let t: TestApp;
let tokens: string[];

/** Between the Worker and sqld: forwards every request and counts the writes in flight at once. */
const writes = { inFlight: 0, most: 0, seen: 0 };
let sqldUrl = "";
const proxy = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    const body = await request.text();
    const statements = [...body.matchAll(/"sql":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    const write = statements.some((sql) => !/^\s*select\b/i.test(sql));
    if (write) {
      writes.seen++;
      writes.most = Math.max(writes.most, ++writes.inFlight);
    }
    try {
      const url = new URL(request.url);
      const answer = await fetch(new URL(url.pathname + url.search, sqldUrl), {
        method: request.method,
        headers: { "content-type": request.headers.get("content-type") ?? "application/json" },
        body: body || undefined,
      });
      return new Response(await answer.text(), {
        status: answer.status,
        headers: { "content-type": answer.headers.get("content-type") ?? "application/json" },
      });
    } finally {
      if (write) writes.inFlight--;
    }
  },
});

beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      workerDatabaseUrl: (url) => {
        sqldUrl = url;
        return proxy.url.origin;
      },
    },
  );
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT", "NVDA"], from: "2022-06-01" });
  // Sessions made here, without 64 sign-ins' argon2 on the Worker; dated by the real clock the Worker reads.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  tokens = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = await t.createUser();
    tokens.push(await startSession(t.deps, user.id, { ipAddress: "127.0.0.1", userAgent: "contract" }));
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  proxy.stop(true);
});

describe(`concurrent analyses (${targetName})`, () => {
  test(`${CLIENTS} clients analysing without pause for 4 s: none answers 503`, async () => {
    const statuses = new Map<number, number>();
    const until = Date.now() + 4_000;
    await Promise.all(
      tokens.map(async (token, i) => {
        for (let n = i; Date.now() < until; n++) {
          const res = await t.request("/api/insights/analyze", {
            method: "POST",
            token,
            json: { symbol: ["AAPL", "MSFT", "NVDA"][n % 3] },
          });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    // 429 is each user's 30 analyses a minute; anything else but 201 is a failure.
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 429)).toEqual([]);
    expect(statuses.get(201)).toBeGreaterThan(CLIENTS);
    if (testTarget === "workerd") {
      expect(writes.seen).toBeGreaterThan(CLIENTS);
      expect(writes.most).toBeLessThanOrEqual(WORKER_WRITES_IN_FLIGHT);
    }
  }, 60_000);

  test("an analysis while another client holds the write lock for 1.5 s waits its turn: 201, not 503", async () => {
    const user = await t.createUser();
    const token = await startSession(t.deps, user.id, { ipAddress: "127.0.0.1", userAgent: "contract" });
    // BEGIN IMMEDIATE: the write lock is this client's until it commits.
    const holder = await t.deps.database.client.transaction("write");
    await holder.execute("SELECT 1");
    const released = new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => holder.commit());
    const res = await t.request("/api/insights/analyze", {
      method: "POST",
      token,
      json: { symbol: "AAPL" },
    });
    await released;
    expect(res.status).toBe(201);
  }, 30_000);
});
