import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../../db/client.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { bodyOf, prepareDatabase, serverApi, testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";

// Two Bun server processes (A and B) on one sqld behave as one app: what one does is in force on the other at
// the next request, because sessions, keys, account status and rate-limit counts all live in the database.
const PER_EMAIL = 3;
let sqld: SqldServer;
let database: Database;
let a: ReturnType<typeof serverApi>;
let b: ReturnType<typeof serverApi>;
let servers: BunServer[] = [];

beforeAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld = await startSqld();
  database = await prepareDatabase(sqld.url);
  const env = {
    DATABASE_URL: sqld.url,
    APP_SECRET: "two-processes-secret-two-processes-secret",
    AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
  };
  servers = await Promise.all([startBunServer(env), startBunServer(env)]);
  a = serverApi(servers[0]!.url);
  b = serverApi(servers[1]!.url);
}, 60_000);
afterAll(async () => {
  if (testDbKind !== "sqld") return;
  await Promise.all(servers.map((s) => s.stop()));
  database.client.close();
  await sqld.stop();
});

const currentUser = (api: typeof a, token: string) => api.request("/api/auth/user", { token });

describe.skipIf(testDbKind !== "sqld")("two Bun processes on one libSQL server", () => {
  test("a logout through A: the token is refused on B at the next request", async () => {
    const { token } = await a.session("logout@example.com", "logout-password");
    expect((await currentUser(b, token)).status).toBe(200);
    expect((await a.request("/api/auth/logout", { method: "POST", token })).status).toBe(200);
    expect((await currentUser(b, token)).status).toBe(401);
  });

  test("an API key regenerated on A: the old key is refused on B, the new one works there", async () => {
    const { token, apiKey: oldKey } = await a.session("keys@example.com", "keys-password");
    expect((await currentUser(b, oldKey)).status).toBe(200);
    const { apiKey: newKey } = await bodyOf(a.api(token).auth["regenerate-api-key"].$post(), 200);
    expect((await currentUser(b, oldKey)).status).toBe(401);
    expect((await currentUser(b, newKey)).status).toBe(200);
  });

  test("an admin deactivates a user on A: the user's session on B is refused at the next request", async () => {
    const user = await b.session("deactivated@example.com", "deactivated-password");
    expect((await currentUser(b, user.token)).status).toBe(200);
    await a.session("admin@example.com", "admin-password");
    await database.client.execute("update users set is_admin = 1 where email = 'admin@example.com'");
    const admin = await a.session("admin@example.com", "admin-password");
    const res = await a.request(`/api/admin/users/${user.id}/status`, {
      method: "PATCH",
      token: admin.token,
      json: { isActive: false },
    });
    expect(res.status).toBe(200);
    expect((await currentUser(b, user.token)).status).toBe(401);
    expect((await currentUser(b, user.apiKey)).status).toBe(401);
  });

  test("sign-in attempts for one email are counted across A and B", async () => {
    const wrong = { email: "limited@example.com", password: "not-the-password" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_EMAIL; attempt++) {
      const api = attempt % 2 === 0 ? a : b;
      statuses.push((await api.request("/api/auth/signin", { json: wrong })).status);
    }
    // Each process alone has seen at most two attempts; together they have seen four, one over the limit.
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await a.request("/api/auth/signin", { json: wrong })).status).toBe(429);
  });
});
