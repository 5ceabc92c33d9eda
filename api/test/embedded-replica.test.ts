import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../db/client.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../middleware/errors.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { bodyOf, errorOf, prepareDatabase, serverApi, testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";

// A Bun server whose DATABASE_URL is a local file kept as an embedded replica of a sqld primary
// (DATABASE_SYNC_URL): reads are local, writes reach the primary, and the user reads their own writes at once.
const SYNC_INTERVAL_SECONDS = 0.5;
let sqld: SqldServer;
let primary: Database;
let replica: BunServer;
let api: ReturnType<typeof serverApi>;
let dir = "";

beforeAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld = await startSqld();
  primary = await prepareDatabase(sqld.url);
  dir = mkdtempSync(join(tmpdir(), "replica-"));
  replica = await startBunServer({
    DATABASE_URL: `file:${join(dir, "replica.db")}`,
    DATABASE_SYNC_URL: sqld.url,
    DATABASE_SYNC_INTERVAL_SECONDS: String(SYNC_INTERVAL_SECONDS),
    APP_SECRET: "replica-secret-replica-secret-replica-secret",
  });
  api = serverApi(replica.url);
}, 60_000);
afterAll(async () => {
  if (testDbKind !== "sqld") return;
  await replica.stop();
  primary.client.close();
  await sqld.stop();
  rmSync(dir, { recursive: true, force: true });
});

const watchlist = (token: string) => bodyOf(api.api(token).watchlist.$get(), 200);

describe.skipIf(testDbKind !== "sqld")("an embedded replica (file: + DATABASE_SYNC_URL)", () => {
  test("a user reads their own writes at once, and the writes are on the primary", async () => {
    expect(existsSync(join(dir, "replica.db"))).toBe(true);
    const { token, id: userId } = await api.session("replica-user@example.com", "replica-password");
    expect((await api.request("/api/auth/user", { token })).status).toBe(200);

    const { id } = await bodyOf(api.api(token).watchlist.$post({ json: { symbol: "AAPL" } }), 201);
    expect((await watchlist(token)).map((i) => i.symbol)).toEqual(["AAPL"]);

    // Twenty write-then-read rounds: every read shows the write just made, never the one before.
    const seen: number[] = [];
    for (let target = 1; target <= 20; target++) {
      const res = await api.request(`/api/watchlist/${id}`, {
        method: "PATCH",
        token,
        json: { targetChangePercent: target },
      });
      expect(res.status).toBe(200);
      seen.push((await watchlist(token))[0]!.targetChangePercent);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const onPrimary = await primary.client.execute({
      sql: "select symbol, target_change_percent as target from watchlist_items where user_id = ?",
      args: [userId],
    });
    expect(onPrimary.rows.map((r) => [r.symbol, r.target])).toEqual([["AAPL", 20]]);
  });

  test("a write made directly on the primary reaches the replica process by its next sync", async () => {
    const { token } = await api.session("replica-user@example.com", "replica-password");
    await primary.client.execute("update watchlist_items set target_change_percent = 77");
    const started = performance.now();
    let target = 0;
    while (target !== 77 && performance.now() - started < 10_000) {
      target = (await watchlist(token))[0]!.targetChangePercent;
      if (target !== 77) await Bun.sleep(50);
    }
    const ms = performance.now() - started;
    console.log(`primary write visible through the replica after ${ms.toFixed(0)} ms`);
    expect(target).toBe(77);
    expect(ms).toBeLessThan(SYNC_INTERVAL_SECONDS * 1000 + 2_000);
  });

  test("with the primary down, reads are served from the replica and writes answer 503; then writes resume", async () => {
    const { token } = await api.session("replica-user@example.com", "replica-password");
    sqld.process.kill(9);
    await sqld.process.exited;
    const read = await api.request("/api/watchlist", { token });
    expect(read.status).toBe(200);
    const write = await api.request("/api/watchlist", { token, json: { symbol: "MSFT" } });
    expect(write.status).toBe(503);
    expect((await errorOf(write, 503)).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);

    await sqld.restart();
    const retry = await api.request("/api/watchlist", { token, json: { symbol: "MSFT" } });
    expect(retry.status).toBe(201);
    expect((await watchlist(token)).map((i) => i.symbol)).toEqual(["AAPL", "MSFT"]);
  }, 15_000);
});
