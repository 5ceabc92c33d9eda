import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Client, createClient, type InStatement, LibsqlError } from "@libsql/client";
import * as hrana from "@libsql/hrana-client";
import { createDb } from "../../db/client.ts";
import { keptStreams, MAX_KEPT_STREAMS } from "../../db/kept-streams.ts";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "../../db/unavailable.ts";
import { testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";

// db/kept-streams.ts on a real libSQL server: reads reuse open streams (sqld's cost per new stream is a new
// connection), each read still sees every commit before it, and a stream the server lost or a failed query is
// answered the client's own way.
let sqld: SqldServer;
let writer: Client;

beforeAll(async () => {
  if (testDbKind !== "sqld") return;
  sqld = await startSqld();
  writer = createClient({ url: sqld.url });
  await writer.execute("create table notes (id integer primary key, body text not null)");
});
afterAll(async () => {
  if (testDbKind !== "sqld") return;
  writer.close();
  await sqld.stop();
});

/** A client whose requests to the server are counted: how many opened a new stream (sent without a baton). */
function countingClient(
  options: { idleMs?: number; sharedWrites?: boolean; refuseNext?: { pipelines: number } } = {},
) {
  const counts = { requests: 0, newStreams: 0, refused: 0 };
  const countingFetch = async (input: Request | string, init?: RequestInit) => {
    const request = new Request(input, init);
    counts.requests++;
    const body = (await request.clone().json()) as { baton?: string | null };
    if (!body.baton) counts.newStreams++;
    // A pipeline refused as a whole, as sqld refuses one with a baton it no longer knows (nothing in it runs).
    if (options.refuseNext && options.refuseNext.pipelines > 0) {
      options.refuseNext.pipelines--;
      counts.refused++;
      return new Response("Received an invalid baton", { status: 400 });
    }
    return fetch(request);
  };
  const base = createClient({ url: sqld.url, intMode: "number", fetch: countingFetch });
  const client = keptStreams(base, sqld.url, undefined, countingFetch, options);
  return { client, counts, close: () => base.close() };
}

describe.skipIf(testDbKind !== "sqld")("row writes on one shared stream (libSQL server)", () => {
  const insert = (id: number, body: string): InStatement => ({
    sql: "insert into notes (id, body) values (?, ?) returning id, body",
    args: [id, body],
  });
  const bodies = async (from: number, to: number) =>
    (
      await writer.execute({
        sql: "select body from notes where id between ? and ? order by id",
        args: [from, to],
      })
    ).rows.map((r) => r.body);

  test("concurrent writes share one stream, sent together, each answered with its own result and committed", async () => {
    const { client, counts, close } = countingClient({ sharedWrites: true });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.execute(insert(1000 + i, `shared ${i}`))),
    );
    expect(results.map((rs) => rs.rows[0]!.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `shared ${i}`),
    );
    expect(results.map((rs) => rs.rowsAffected)).toEqual(results.map(() => 1));
    expect(results.map((rs) => Number(rs.lastInsertRowid))).toEqual(
      Array.from({ length: 20 }, (_, i) => 1000 + i),
    );
    // The first write's pipeline goes alone; the 19 that queued meanwhile go in the next, on the same stream.
    expect(counts.newStreams).toBe(1);
    expect(counts.requests).toBe(2);
    expect(await bodies(1000, 1019)).toHaveLength(20);
    const updated = await client.execute({
      sql: "update notes set body = ? where id >= ?",
      args: ["x", 1010],
    });
    expect(updated.rowsAffected).toBe(10);
    expect(counts.newStreams).toBe(1);
    close();
  });

  test("a write the server refuses fails with the client's own error; the others in its pipeline commit", async () => {
    const { client, close } = countingClient({ sharedWrites: true });
    const plain = await writer.execute(insert(1000, "again")).catch((e: unknown) => e);
    const [before, duplicate, after] = await Promise.allSettled([
      client.execute(insert(1100, "before")),
      client.execute(insert(1000, "duplicate")),
      client.execute(insert(1101, "after")),
    ]);
    expect(before.status).toBe("fulfilled");
    expect(after.status).toBe("fulfilled");
    expect(duplicate.status).toBe("rejected");
    const error = (duplicate as PromiseRejectedResult).reason as LibsqlError;
    expect(error).toBeInstanceOf(LibsqlError);
    expect(error.code).toBe((plain as LibsqlError).code);
    expect(error.message).toBe((plain as LibsqlError).message);
    expect(await bodies(1100, 1101)).toEqual(["before", "after"]);
    close();
  });

  test("a pipeline refused as a whole (an expired stream) goes again the client's way: each write runs once", async () => {
    const refuseNext = { pipelines: 1 };
    const { client, counts, close } = countingClient({ sharedWrites: true, refuseNext });
    const results = await Promise.all([
      client.execute(insert(1200, "one")),
      client.execute(insert(1201, "two")),
    ]);
    expect(counts.refused).toBe(1);
    expect(results.map((rs) => rs.rows[0]!.body)).toEqual(["one", "two"]);
    expect(await bodies(1200, 1201)).toEqual(["one", "two"]);
    close();
  });

  test("the writer stream idle longer than the limit is replaced; without sharedWrites each write has its own", async () => {
    const { client, counts, close } = countingClient({ sharedWrites: true, idleMs: 50 });
    await client.execute(insert(1300, "a"));
    await Bun.sleep(80);
    await client.execute(insert(1301, "b"));
    expect(counts.newStreams).toBe(2);
    close();
    const own = countingClient();
    await Promise.all([own.client.execute(insert(1302, "c")), own.client.execute(insert(1303, "d"))]);
    expect(own.counts.newStreams).toBe(2);
    own.close();
    expect(await bodies(1300, 1303)).toEqual(["a", "b", "c", "d"]);
  });

  test("without sharedWrites (the Worker), row writes take turns: at most maxWritesInFlight on the wire at once", async () => {
    let inFlight = 0;
    let most = 0;
    const counting = async (input: Request | string, init?: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const base = createClient({ url: sqld.url, intMode: "number", fetch: counting });
    const client = keptStreams(base, sqld.url, undefined, counting, { maxWritesInFlight: 2 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.execute(insert(1500 + i, `turn ${i}`))),
    );
    expect(results.map((rs) => rs.rowsAffected)).toEqual(results.map(() => 1));
    expect(most).toBe(2);
    expect(await bodies(1500, 1511)).toHaveLength(12);
    base.close();
  });

  test("an unreachable server fails a shared write as unavailable, without sending it again (it may have run)", async () => {
    const posts = { own: 0, kept: 0 };
    const refusing = (key: "own" | "kept") => async (input: Request | string, init?: RequestInit) => {
      posts[key]++;
      try {
        return await fetch(input, init);
      } catch (error) {
        throw new DatabaseUnavailableError(String(error));
      }
    };
    const base = createClient({ url: "http://127.0.0.1:9", fetch: refusing("own") });
    const client = keptStreams(base, "http://127.0.0.1:9", undefined, refusing("kept"), {
      sharedWrites: true,
    });
    const error = await client.execute(insert(1400, "lost")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(posts).toEqual({ own: 0, kept: 1 });
    base.close();
  });
});

describe.skipIf(testDbKind !== "sqld")("reads on kept streams (libSQL server)", () => {
  test("one stream serves reads one after another, and each read sees the commit made just before it", async () => {
    const { client, counts, close } = countingClient();
    for (let i = 1; i <= 5; i++) {
      await writer.execute({
        sql: "insert into notes (id, body) values (?, ?)",
        args: [100 + i, `note ${i}`],
      });
      const rs = await client.execute({
        sql: "select count(*) as n from notes where id between ? and ?",
        args: [101, 105],
      });
      expect(rs.rows[0]!.n).toBe(i);
      expect(rs.columns).toEqual(["n"]);
    }
    expect(counts.newStreams).toBe(1);
    expect(counts.requests).toBe(5);
    close();
  });

  test("concurrent reads each take a stream of their own; the next round reuses them", async () => {
    const { client, counts, close } = countingClient();
    const round = () =>
      Promise.all(Array.from({ length: 12 }, (_, i) => client.execute({ sql: "select ? as i", args: [i] })));
    const first = await round();
    expect(first.map((rs) => rs.rows[0]!.i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(counts.newStreams).toBe(12);
    await round();
    expect(counts.newStreams).toBe(12);
    close();
  });

  test("at most 16 streams are kept: reads beyond them go the client's own way (a stream opened and closed each)", async () => {
    const { client, counts, close } = countingClient();
    const round = () => Promise.all(Array.from({ length: 40 }, () => client.execute("select 1 as one")));
    expect((await round()).every((rs) => rs.rows[0]!.one === 1)).toBe(true);
    expect(counts.newStreams).toBe(40);
    await round();
    expect(counts.newStreams).toBe(40 + (40 - MAX_KEPT_STREAMS));
    close();
  });

  test("a stream idle longer than the limit is not used again (the server would have forgotten it)", async () => {
    const { client, counts, close } = countingClient({ idleMs: 50 });
    await client.execute("select 1");
    await Bun.sleep(80);
    await client.execute("select 1");
    expect(counts.newStreams).toBe(2);
    close();
  });

  test("a stream the server lost (sqld restarted) is replaced: the read still answers", async () => {
    const { client, close } = countingClient();
    await writer.execute("insert into notes (id, body) values (200, 'before restart')");
    expect((await client.execute("select body from notes where id = 200")).rows[0]!.body).toBe(
      "before restart",
    );
    sqld.process.kill(9);
    await sqld.process.exited;
    await sqld.restart();
    expect((await client.execute("select body from notes where id = 200")).rows[0]!.body).toBe(
      "before restart",
    );
    close();
    writer.close();
    writer = createClient({ url: sqld.url });
  });

  test("a failed read reports the client's own error; writes and batches take the client's own path", async () => {
    const { client, counts, close } = countingClient();
    const error = await client.execute("select * from no_such_table").catch((e: unknown) => e);
    const plain = await writer.execute("select * from no_such_table").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe((plain as LibsqlError).code);
    expect((error as LibsqlError).message).toBe((plain as LibsqlError).message);
    expect((error as LibsqlError).message).toContain("no such table");
    const before = counts.newStreams;
    await client.execute({ sql: "insert into notes (id, body) values (?, ?)", args: [300, "written"] });
    await client.batch(["insert into notes (id, body) values (301, 'batched')"], "write");
    // Each write opened and closed a stream of its own, as @libsql/client does.
    expect(counts.newStreams).toBe(before + 2);
    expect(
      (await writer.execute("select count(*) as n from notes where id between 300 and 301")).rows[0]!.n,
    ).toBe(2);
    close();
  });

  test("a closed client refuses reads as @libsql/client does", async () => {
    const { client } = countingClient();
    await client.execute("select 1");
    client.close();
    const error = await client.execute("select 1").catch((e: unknown) => e);
    const plainClient = createClient({ url: sqld.url });
    plainClient.close();
    const plain = await plainClient.execute("select 1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toBe((plain as LibsqlError).code);
    expect((error as LibsqlError).message).toBe((plain as LibsqlError).message);
  });

  test("an unreachable server fails a read as unavailable on the kept path, without sending it again", async () => {
    const refusingCounted =
      (counter: { posts: number }) => async (input: Request | string, init?: RequestInit) => {
        const request = new Request(input, init);
        if (request.method === "POST") counter.posts++;
        try {
          return await fetch(request);
        } catch (error) {
          throw new DatabaseUnavailableError(String(error));
        }
      };
    const own = { posts: 0 };
    const kept = { posts: 0 };
    const base = createClient({ url: "http://127.0.0.1:9", fetch: refusingCounted(own) });
    const client = keptStreams(base, "http://127.0.0.1:9", undefined, refusingCounted(kept));
    const error = await client.execute("select 1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(kept.posts).toBeGreaterThan(0);
    expect(own.posts).toBe(0);
    base.close();
  });
  test("a server out of connections (sqld takes 128, then answers 429) is unavailable for now, not a failed query", async () => {
    const holder = hrana.openHttp(new URL(sqld.url));
    // Other tests' kept streams may still hold some of the 128: open until the server refuses.
    const held = Array.from({ length: 140 }, () => holder.openStream());
    const opened = await Promise.allSettled(held.map((stream) => stream.query("select 1")));
    expect(opened.some((o) => o.status === "rejected")).toBe(true);
    const { db, client } = createDb(sqld.url);
    const error = await client
      .execute("insert into notes (id, body) values (400, 'x')")
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    for (const stream of held) stream.closeGracefully();
    client.close();
    void db;
  });
});
