import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { prepareDatabase, serverApi, testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";
import { startWorkerd, type WorkerdServer } from "./workerd.ts";

// Many requests at once on one Worker isolate. The libSQL client queues statements beyond 20 in flight, and a
// queued statement would be sent from the request that freed the slot: workerd then cancels the waiting request
// ("code had hung") and the isolate stays broken. The Worker's client has no queue.
let sqld: SqldServer;
let worker: WorkerdServer;

beforeAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld = await startSqld();
  (await prepareDatabase(sqld.url)).client.close();
  worker = await startWorkerd({
    DATABASE_URL: sqld.url,
    APP_SECRET: "concurrency-secret-concurrency-secret-00",
  });
}, 60_000);
afterAll(async () => {
  if (testDbKind !== "sqld") return;
  await worker.stop();
  await sqld.stop();
});

describe.skipIf(testDbKind !== "sqld")("the Worker under concurrent requests", () => {
  test("60 signed-in requests at once, three rounds: every one answers 200", async () => {
    const api = serverApi(worker.url);
    const { token } = await api.session("concurrent@example.com", "concurrent-password");
    await api.request("/api/watchlist", { token, json: { symbol: "AAPL" } });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          api.request(i % 2 ? "/api/watchlist" : "/api/auth/user", { token }),
        ),
      );
      statuses.push(...responses.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 30_000);
});
