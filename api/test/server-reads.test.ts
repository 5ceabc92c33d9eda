import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { READ_STREAM_IDLE_MS } from "../../db/server-reads.ts";
import { isDatabaseError, isDatabaseUnavailable } from "../../db/unavailable.ts";
import { type SqldServer, startSqld } from "./sqld.ts";

// A libSQL server's plain reads go on streams kept open (decision 164): they must read what any connection committed
// before they were sent, and a kept stream that failed must cost the caller nothing but a resend.
let sqld: SqldServer;
let reader: Database;
let writer: Database;

const count = async () => Number((await reader.client.execute("select count(*) as n from kv")).rows[0]!.n);

beforeAll(async () => {
  sqld = await startSqld();
  reader = createDb(sqld.url, undefined, { requestTimeoutMs: 2_000 });
  // Another process's client: its writes go on connections the reader's kept streams never see.
  writer = createDb(sqld.url, undefined, { keptReadStreams: false });
  await runMigrations(writer.db);
  await writer.client.execute("create table kv (k text primary key, v integer)");
}, 30_000);
afterAll(async () => {
  reader.client.close();
  writer.client.close();
  await sqld.stop();
});

describe("reads on kept streams to a libSQL server", () => {
  test("each read sees every commit made before it, through any connection", async () => {
    expect(await count()).toBe(0);
    for (let i = 1; i <= 5; i++) {
      await writer.client.execute({ sql: "insert into kv values (?, ?)", args: [`k${i}`, i] });
      expect(await count()).toBe(i);
    }
    // Concurrent reads (several statements on one stream, and more than one stream) too.
    const counts = await Promise.all(Array.from({ length: 12 }, count));
    expect(counts).toEqual(Array(12).fill(5));
  });

  test("arguments and rows as the client's own: positional and named, booleans, dates, nulls", async () => {
    const at = new Date("2026-11-28T12:00:00Z");
    const positional = (
      await reader.client.execute({ sql: "select ? as a, ? as b, ? as c", args: [true, at, null] })
    ).rows[0]!;
    expect([positional.a, positional.b, positional.c]).toEqual([1, at.getTime(), null]);
    const named = (await reader.client.execute({ sql: "select :who as who", args: { who: "me" } })).rows[0]!;
    expect(named.who).toBe("me");
    const { columns } = await reader.client.execute("select k, v from kv order by k limit 1");
    expect(columns).toEqual(["k", "v"]);
  });

  test("a failed statement fails as a database error, and the stream serves the next read", async () => {
    const failed = await reader.client
      .execute("select * from no_such_table")
      .catch((error: unknown) => error);
    expect(isDatabaseError(failed)).toBe(true);
    expect(await count()).toBe(5);
  });

  test("a stream the server forgot (sqld restarted) is replaced: the read answers", async () => {
    expect(await count()).toBe(5);
    sqld.process.kill();
    await sqld.process.exited;
    await sqld.restart();
    expect(await count()).toBe(5);
    expect(await count()).toBe(5);
  }, 30_000);

  test(
    "a stream left idle longer than sqld keeps one is not reused: the read answers",
    async () => {
      expect(await count()).toBe(5);
      await Bun.sleep(READ_STREAM_IDLE_MS + 200);
      expect(await count()).toBe(5);
    },
    READ_STREAM_IDLE_MS + 10_000,
  );

  test("an unreachable server fails the read at once as unavailable", async () => {
    sqld.process.kill();
    await sqld.process.exited;
    const started = performance.now();
    const failed = await reader.client.execute("select 1").catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
    await sqld.restart();
    expect(await count()).toBe(5);
  }, 30_000);
});
