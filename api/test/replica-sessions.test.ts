import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { createApp } from "../app.ts";
import { createUser, startSession } from "../features/auth/auth.service.ts";
import { PRIMARY_CHECKS_PER_SECOND } from "../middleware/replica-misses.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { bodyOf, depsOn, prepareDatabase, serverApi, testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";

// Issue 40, point 7: two Bun servers, each an embedded replica of one sqld (DATABASE_SYNC_URL, the default 1 s
// sync), behind a balancer without sticky sessions. A credential made through A works through B at once, before
// B's next sync brings it (on main: 401 for about a second, 5 of 5 tries).
let sqld: SqldServer;
let primary: Database;
let servers: BunServer[] = [];
let a: ReturnType<typeof serverApi>;
let b: ReturnType<typeof serverApi>;
const dir = mkdtempSync(join(tmpdir(), "replica-sessions-"));
const SECRET = "replica-sessions-secret-replica-sessions";

beforeAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld = await startSqld();
  primary = await prepareDatabase(sqld.url);
  const replica = (name: string) =>
    startBunServer({
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      DATABASE_SYNC_URL: sqld.url,
      APP_SECRET: SECRET,
    });
  servers = await Promise.all([replica("a"), replica("b")]);
  a = serverApi(servers[0]!.url);
  b = serverApi(servers[1]!.url);
}, 60_000);
afterAll(async () => {
  if (testDbKind === "sqld") {
    await Promise.all(servers.map((s) => s.stop()));
    primary.client.close();
    await sqld.stop();
  }
  rmSync(dir, { recursive: true, force: true });
});

const currentUser = (api: typeof a, token: string) => api.request("/api/auth/user", { token });

describe.skipIf(testDbKind !== "sqld")("two embedded replicas of one primary", () => {
  test("a session made through A is read through B at once, 5 times of 5", async () => {
    const statuses: number[] = [];
    // The first registers the account, the next four sign in to it.
    for (let i = 0; i < 5; i++) {
      const { token } = await a.session("fresh-session@example.com", "fresh-session-password");
      statuses.push((await currentUser(b, token)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  test("the API key of an account registered through B works through A at once, and so does a new one", async () => {
    const { token, apiKey } = await b.session("fresh-key@example.com", "fresh-key-password");
    expect((await currentUser(a, apiKey)).status).toBe(200);
    const { apiKey: newKey } = await bodyOf(b.api(token).auth["regenerate-api-key"].$post(), 200);
    expect((await currentUser(a, newKey)).status).toBe(200);
  });

  test("a token the primary does not hold either is still refused", async () => {
    const made = "A".repeat(43);
    const res = await currentUser(b, made);
    expect(res.status).toBe(401);
    expect((await currentUser(b, "sbk_not-a-key")).status).toBe(401);
  });
});

// The same through the composed app on a replica in this process, its primary reached through a proxy that counts
// the statements sent: a flood of bad tokens costs the primary a bounded number of reads.
describe.skipIf(testDbKind !== "sqld")("asking the primary about a credential the replica lacks", () => {
  let pipelines = 0;
  let proxy: ReturnType<typeof Bun.serve>;
  let app: ReturnType<typeof createApp>;
  let replica: Database;
  beforeAll(async () => {
    proxy = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const url = new URL(request.url);
        if (request.method === "POST" && url.pathname.endsWith("/pipeline")) pipelines++;
        const headers = new Headers(request.headers);
        headers.delete("accept-encoding");
        const answer = await fetch(new URL(url.pathname + url.search, sqld.url), {
          method: request.method,
          headers,
          body: request.method === "GET" ? undefined : await request.arrayBuffer(),
        });
        return new Response(await answer.arrayBuffer(), {
          status: answer.status,
          headers: { "content-type": answer.headers.get("content-type") ?? "application/json" },
        });
      },
    });
    const embedded = createDb(`file:${join(dir, "in-process.db")}`, undefined, { syncUrl: sqld.url });
    await embedded.client.sync();
    replica = { ...embedded, primary: createDb(`http://127.0.0.1:${proxy.port}`) };
    app = createApp(depsOn(replica, SECRET));
  });
  afterAll(() => {
    replica?.client.close();
    replica?.primary?.client.close();
    proxy?.stop(true);
  });
  const status = async (token: string) =>
    (await app.request("/api/auth/user", { headers: { authorization: `Bearer ${token}` } })).status;
  const wellFormed = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

  test("a session another process just made: one read of the primary, then 200", async () => {
    const onPrimary = depsOn(primary, SECRET);
    const made = await createUser(onPrimary, {
      email: "in-process@example.com",
      password: "in-process-password",
    });
    if (!made.ok) throw new Error("no user");
    const token = await startSession(onPrimary, made.value.id, { ipAddress: null, userAgent: null });
    const before = pipelines;
    expect(await status(token)).toBe(200);
    expect(pipelines - before).toBeGreaterThanOrEqual(1);
  });

  test("bad tokens: malformed ones never reach the primary, well-formed ones a bounded number of times", async () => {
    await Bun.sleep(1_000); // a new second: the budget is whole
    let before = pipelines;
    for (const token of ["not-a-token", "sbk_short", `${"x".repeat(43)}!`])
      expect(await status(token)).toBe(401);
    expect(pipelines - before).toBe(0);

    before = pipelines;
    const flood = Array.from({ length: 100 }, wellFormed);
    const started = performance.now();
    for (const token of flood) expect(await status(token)).toBe(401);
    const seconds = Math.ceil((performance.now() - started) / 1000) + 1; // the whole seconds it touched, at most
    const asked = pipelines - before;
    console.log(`100 well-formed bad tokens: ${asked} reads of the primary`);
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(seconds * PRIMARY_CHECKS_PER_SECOND);

    await Bun.sleep(1_000);
    before = pipelines;
    expect(await status(flood[0]!)).toBe(401); // the primary lacked it: not asked again
    expect(pipelines - before).toBe(0);
    expect(await status(wellFormed())).toBe(401); // a new one is, with the budget whole again
    expect(pipelines - before).toBe(1);
  });
});
