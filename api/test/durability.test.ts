import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "../../db/client.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { serverApi, testDbKind } from "./harness.ts";
import { startSqld } from "./sqld.ts";

// kill -9 in the middle of a stream of writes (registrations) loses none that was acknowledged: every email that
// got a 201 is in the database after the restart. Once with the Bun server on an embedded file (the server is
// killed), once with the Bun server on sqld (sqld is killed and restarted on the same database directory).
const SECRET = "durability-secret-durability-secret-durab";
const WRITERS = 8;
const KILL_AFTER_ACKS = 40;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** WRITERS concurrent loops of registrations through `baseUrl` until stopped; collects the acknowledged emails. */
function writeStream(baseUrl: string, prefix: string) {
  const api = serverApi(baseUrl);
  const acked: string[] = [];
  let attempted = 0;
  let running = true;
  const writer = async (w: number) => {
    for (let n = 0; running; n++) {
      const email = `${prefix}-${w}-${n}@example.com`;
      attempted++;
      try {
        const res = await api.request("/api/auth/register", {
          json: { email, password: "durable-password" },
        });
        if (res.status === 201) acked.push(email);
        else await Bun.sleep(20);
      } catch {
        await Bun.sleep(20); // the server is gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return {
    acked,
    attempted: () => attempted,
    async untilAcked(count: number) {
      while (acked.length < count) await Bun.sleep(5);
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

/** How many of `emails` (and how many registrations in all with `prefix`) the database at `url` holds. */
async function countPresent(url: string, prefix: string, emails: string[]) {
  const database = createDb(url);
  try {
    const rows = await database.client.execute({
      sql: "select email from users where email like ?",
      args: [`${prefix}-%`],
    });
    const present = new Set(rows.rows.map((r) => String(r.email)));
    return { ackedPresent: emails.filter((e) => present.has(e)).length, total: present.size };
  } finally {
    database.client.close();
  }
}

const env = (url: string) => ({ DATABASE_URL: url, APP_SECRET: SECRET, AUTH_RATE_LIMIT_PER_IP: "1000000" });

describe.skipIf(testDbKind !== "sqld")("kill -9 in the middle of a stream of writes", () => {
  test("of the Bun server on an embedded file: after a restart every acknowledged write is there", async () => {
    const dir = mkdtempSync(join(tmpdir(), "durability-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const url = `file:${join(dir, "app.db")}`;
    const server = await startBunServer(env(url));
    const stream = writeStream(server.url, "file");
    await stream.untilAcked(KILL_AFTER_ACKS);
    server.process.kill(9);
    await server.process.exited;
    await stream.stop();

    const restarted: BunServer = await startBunServer(env(url));
    cleanups.push(restarted.stop);
    const { ackedPresent, total } = await countPresent(url, "file", stream.acked);
    console.log(
      `embedded file, server killed: ${stream.attempted()} attempted, ${stream.acked.length} acknowledged, ` +
        `${ackedPresent} of them present after restart (${total} rows in all)`,
    );
    expect(ackedPresent).toBe(stream.acked.length);
    const last = stream.acked.at(-1)!;
    const signIn = await serverApi(restarted.url).request("/api/auth/signin", {
      json: { email: last, password: "durable-password" },
    });
    expect(signIn.status).toBe(200);
  }, 60_000);

  test("of sqld under a Bun server: after sqld restarts on the same path every acknowledged write is there", async () => {
    const sqld = await startSqld();
    cleanups.push(sqld.stop);
    const server = await startBunServer(env(sqld.url));
    cleanups.push(server.stop);
    const stream = writeStream(server.url, "sqld");
    await stream.untilAcked(KILL_AFTER_ACKS);
    sqld.process.kill(9);
    await sqld.process.exited;
    await Bun.sleep(200); // writes keep coming and fail (503) while sqld is down
    await stream.stop();

    await sqld.restart();
    const { ackedPresent, total } = await countPresent(sqld.url, "sqld", stream.acked);
    console.log(
      `sqld killed: ${stream.attempted()} attempted, ${stream.acked.length} acknowledged, ` +
        `${ackedPresent} of them present after restart (${total} rows in all)`,
    );
    expect(ackedPresent).toBe(stream.acked.length);
    const after = await serverApi(server.url).request("/api/auth/register", {
      json: { email: "sqld-after@example.com", password: "durable-password" },
    });
    expect(after.status).toBe(201);
  }, 60_000);
});
