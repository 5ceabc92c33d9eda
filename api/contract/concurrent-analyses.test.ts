import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startSession } from "../features/auth/auth.service.ts";
import { startTestApp, type TestApp, targetName } from "../test/harness.ts";

// 64 clients analysing at once, each signed in as its own user: every analysis writes its rate-limit count and its
// history row. On workerd + sqld the Worker's writes do not take turns, and sqld refused some with SQLITE_BUSY
// (503 DATABASE_BUSY); a busy write is now sent again within the deadline (db/write-turns.ts).
const CLIENTS = 64;
let t: TestApp;
let tokens: string[];

beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT", "NVDA"], from: "2022-06-01" });
  // Sessions made here, without 64 sign-ins' argon2 on the Worker; dated by the real clock the Worker reads.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  tokens = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = await t.createUser();
    tokens.push(await startSession(t.deps, user.id, { ipAddress: "127.0.0.1", userAgent: "contract" }));
  }
}, 60_000);
afterAll(() => t.close());

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
  }, 60_000);
});
