import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { createDb } from "../../db/client.ts";
import { NATIVE_BUSY_WAIT_MS } from "../../db/write-turns.ts";
import { testDbKind } from "./harness.ts";

// The embedded file's connections (db/write-turns.ts, decisions 019 and 075): WAL, a busy timeout, this process's write
// transactions one at a time, and fresh connections after a SQLITE_BUSY.
const dir = mkdtempSync(join(tmpdir(), "embedded-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
async function freshFile(busyTimeoutMs: number) {
  const url = `file:${join(dir, `db-${++files}.db`)}`;
  const database = createDb(url, undefined, { busyTimeoutMs });
  await database.client.execute("create table t (k text primary key)");
  // Another process's connection to the same file.
  const other = createClient({ url });
  const keys = async () => (await other.execute("select k from t order by k")).rows.map((r) => r.k);
  return { url, database, other, keys };
}

describe.skipIf(testDbKind !== "file")("an embedded database file", () => {
  test("runs in WAL mode, SQLite itself waiting only briefly for a lock (the event loop stops while it waits)", async () => {
    const { database, other } = await freshFile(1234);
    expect((await other.execute("pragma journal_mode")).rows[0]!.journal_mode).toBe("wal");
    expect((await database.client.execute("pragma busy_timeout")).rows[0]!.timeout).toBe(NATIVE_BUSY_WAIT_MS);
    other.close();
    database.client.close();
  });

  test("a write waits for another process's write lock, and goes through once it is released", async () => {
    const { url, database, other, keys } = await freshFile(2000);
    // The wait happens inside SQLite's synchronous call, so the lock must be held by another process.
    const holder = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { createClient } = await import("@libsql/client");
         const c = createClient({ url: ${JSON.stringify(url)} });
         const tx = await c.transaction("write");
         console.log("locked");
         await Bun.sleep(300);
         await tx.commit();`,
      ],
      { cwd: join(import.meta.dir, "../.."), stdout: "pipe" },
    );
    const reader = holder.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("locked");
    const started = performance.now();
    await database.client.execute("insert into t values ('waited')");
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(await holder.exited).toBe(0);
    expect(await keys()).toEqual(["waited"]);
    other.close();
    database.client.close();
  });

  test("after a write refused busy, the next writes of every kind are committed (not kept on a stuck connection)", async () => {
    const { database, other, keys } = await freshFile(100);
    const held = await other.transaction("write");
    await expect(database.client.execute("insert into t values ('refused')")).rejects.toThrow("SQLITE_BUSY");
    await expect(database.db.transaction(async () => {})).rejects.toThrow("SQLITE_BUSY");
    await expect(database.client.batch(["insert into t values ('refused-2')"], "write")).rejects.toThrow(
      "SQLITE_BUSY",
    );
    await held.commit();
    Bun.gc(true);
    await database.client.execute("insert into t values ('a')");
    await database.client.execute("insert into t values ('b')");
    await database.client.batch(["insert into t values ('c')"], "write");
    const tx = await database.client.transaction("write");
    await tx.execute("insert into t values ('d')");
    await tx.commit();
    expect(await keys()).toEqual(["a", "b", "c", "d"]);
    other.close();
    database.client.close();
  });

  test("a write of this process while its own transaction is open waits for it without stopping the event loop", async () => {
    const { database, keys, other } = await freshFile(3000);
    const tx = await database.client.transaction("write");
    await tx.execute("insert into t values ('in-transaction')");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    const write = database.client.execute("insert into t values ('after')");
    await Bun.sleep(100);
    // The loop ran while the write waited: a stopped loop would not tick at all (a loaded machine ticks fewer than
    // the ten a quiet one does: 3 in one CI run, issue 38).
    const ticksWhileWaiting = ticks;
    await tx.commit();
    await write;
    clearInterval(ticker);
    expect(ticksWhileWaiting).toBeGreaterThanOrEqual(1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await keys()).toEqual(["after", "in-transaction"]);
    other.close();
    database.client.close();
  });
});
