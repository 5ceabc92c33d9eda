import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DATABASE_REQUEST_TIMEOUT_MS } from "../../db/client.ts";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "../../db/unavailable.ts";
import { ErrorSchema } from "../lib/openapi.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../middleware/errors.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { bodyOf, prepareDatabase, serverApi, testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";
import { startWorkerd, type WorkerdServer } from "./workerd.ts";

// The database goes away under running servers (the Bun server and the Worker in workerd, both on sqld):
// requests that need it answer 503 in bounded time, and the same processes recover when it is back.
const SECRET = "outage-secret-outage-secret-outage-secret";
let sqld: SqldServer;
let bun: BunServer;
let worker: WorkerdServer;
let token = "";

beforeAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld = await startSqld();
  // A market in the database, as after a deploy's seed: the Worker configures it once, not on every request.
  (await prepareDatabase(sqld.url)).client.close();
  bun = await startBunServer({ DATABASE_URL: sqld.url, APP_SECRET: SECRET });
  worker = await startWorkerd({ DATABASE_URL: sqld.url, APP_SECRET: SECRET });
  token = (await serverApi(bun.url).session("outage@example.com", "outage-password")).token;
  // The Worker's isolate is built and warm before the database goes away.
  expect((await serverApi(worker.url).request("/api/auth/user", { token })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld.process.kill("SIGCONT");
  await bun.stop();
  await worker.stop();
  await sqld.stop();
});

/** Requests that each need the database: a session check, a list, a sign-in (rate-limit count first). */
async function probe(baseUrl: string) {
  const api = serverApi(baseUrl);
  const started = performance.now();
  const responses = await Promise.all([
    api.request("/api/auth/user", { token }),
    api.request("/api/watchlist", { token }),
    api.request("/api/auth/signin", { json: { email: "outage@example.com", password: "outage-password" } }),
  ]);
  const bodies = await Promise.all(responses.map(async (r) => ErrorSchema.parse(await r.json())));
  return {
    statuses: responses.map((r) => r.status),
    messages: bodies.map((b) => b.message),
    ms: performance.now() - started,
  };
}

const unavailable = [503, 503, 503];
const message = Array(3).fill(DATABASE_UNAVAILABLE_MESSAGE);

describe.skipIf(testDbKind !== "sqld")("the database unreachable, then back", () => {
  test("a frozen sqld (accepts, never answers): 503 from Bun and the Worker after the request deadline, not a hang; then recovery", async () => {
    sqld.process.kill("SIGSTOP");
    const frozen = await Promise.all([probe(bun.url), probe(worker.url)]);
    sqld.process.kill("SIGCONT");
    for (const result of frozen) {
      expect(result.statuses).toEqual(unavailable);
      expect(result.messages).toEqual(message);
      expect(result.ms).toBeGreaterThanOrEqual(DATABASE_REQUEST_TIMEOUT_MS - 100);
      expect(result.ms).toBeLessThan(DATABASE_REQUEST_TIMEOUT_MS + 2_000);
    }
    for (const url of [bun.url, worker.url]) {
      expect((await serverApi(url).request("/api/auth/user", { token })).status).toBe(200);
    }
  }, 20_000);

  test("a killed sqld: 503 at once from Bun and the Worker; restarted on the same port and path, both serve the same data", async () => {
    sqld.process.kill(9);
    await sqld.process.exited;
    for (const url of [bun.url, worker.url]) {
      const down = await probe(url);
      expect(down.statuses).toEqual(unavailable);
      expect(down.messages).toEqual(message);
      expect(down.ms).toBeLessThan(2_000);
    }

    await sqld.restart();
    for (const url of [bun.url, worker.url]) {
      const user = await bodyOf(serverApi(url).api(token).auth.user.$get(), 200);
      expect(user.email).toBe("outage@example.com");
    }
    const fresh = await serverApi(bun.url).request("/api/auth/register", {
      json: { email: "after-outage@example.com", password: "after-outage-password" },
    });
    expect(fresh.status).toBe(201);
  }, 20_000);
});

describe("telling an outage from a failed query", () => {
  test("only errors from an unreachable database are outages, also when Drizzle wraps them", () => {
    const outage = new DatabaseUnavailableError("libSQL server unreachable: ECONNREFUSED");
    expect(isDatabaseUnavailable(outage)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: outage }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('WriteDelegation(status: Unavailable, message: "refused")'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("SQLITE_ERROR: no such table: users"))).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new TypeError("Unable to connect"), { code: "ECONNREFUSED" })),
    ).toBe(false);
  });
});
