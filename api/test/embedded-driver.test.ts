import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { eq, is, sql } from "drizzle-orm";
import { LibSQLDatabase } from "drizzle-orm/libsql";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { users, watchlistItems } from "../../db/schema/index.ts";
import { testDbKind } from "./harness.ts";

// The embedded file on Drizzle's libsql driver over @libsql/client (decision 075): async transactions that are
// atomic and isolated from this process's other writes, batches, migrations, and the raw client on the same gate.
const dir = mkdtempSync(join(tmpdir(), "sqlite-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const opened: Database[] = [];
afterAll(() => {
  for (const database of opened) database.client.close();
});

async function migrated(busyTimeoutMs = 2_000) {
  const url = `file:${join(dir, `db-${++files}.db`)}`;
  const database = createDb(url, undefined, { busyTimeoutMs });
  opened.push(database);
  await runMigrations(database.db);
  return { url, ...database };
}

const user = (email: string) => ({
  email,
  apiKeyHash: `hash-${email}`,
  apiKeyCiphertext: "ciphertext",
  apiKeyCreatedAt: new Date(0),
});
const RAW_INSERT =
  "insert into users (email, api_key_hash, api_key_ciphertext, api_key_created_at) values (?1, 'hash-' || ?1, 'c', 0)";
const emails = async ({ db }: Database) =>
  (await db.select({ email: users.email }).from(users).orderBy(users.email)).map((r) => r.email);

describe.skipIf(testDbKind !== "file")("an embedded file (decision 075)", () => {
  test("runs on Drizzle's libsql driver, migrated, with foreign keys on as libSQL has them", async () => {
    const database = await migrated();
    expect(is(database.db, LibSQLDatabase)).toBe(true);
    expect((await database.client.execute("pragma foreign_keys")).rows[0]!.foreign_keys).toBe(1);
    // WAL with synchronous=NORMAL (1): no fsync per commit (decision 052).
    expect((await database.client.execute("pragma journal_mode")).rows[0]!.journal_mode).toBe("wal");
    expect((await database.client.execute("pragma synchronous")).rows[0]!.synchronous).toBe(1);
    // A second run applies nothing and fails nothing.
    await runMigrations(database.db);
    const applied = await database.client.execute("select count(*) as n from __drizzle_migrations");
    expect(Number(applied.rows[0]!.n)).toBeGreaterThan(0);
  });

  test("a transaction whose async callback throws keeps none of its writes, even across awaits", async () => {
    const database = await migrated();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(user("first@example.com"));
        await Bun.sleep(5);
        await tx.insert(users).values(user("second@example.com"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await emails(database)).toEqual([]);
    // tx.rollback() is the explicit form.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(user("third@example.com"));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await emails(database)).toEqual([]);
    const kept = await database.db.transaction(async (tx) => {
      await tx.insert(users).values(user("kept@example.com"));
      return (await tx.select().from(users)).length;
    });
    expect(kept).toBe(1);
    expect(await emails(database)).toEqual(["kept@example.com"]);
  });

  test("a failed statement inside rolls the whole transaction back", async () => {
    const database = await migrated();
    await database.db.insert(users).values(user("taken@example.com"));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(user("new@example.com"));
        await tx.insert(users).values(user("taken@example.com"));
      }),
    ).rejects.toThrow();
    expect(await emails(database)).toEqual(["taken@example.com"]);
  });

  test("while a transaction is open, this process's reads see only commits and its writes wait, then land", async () => {
    const database = await migrated();
    let insideDone = () => {};
    const inside = new Promise<void>((resolve) => (insideDone = resolve));
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.insert(users).values(user("in-tx@example.com"));
      insideDone();
      await finished;
      throw new Error("roll back");
    });
    await inside;
    // A read now does not see the uncommitted row and does not wait.
    expect(await emails(database)).toEqual([]);
    // A write of another request waits for the transaction, outside it: the rollback does not take it along.
    const order: string[] = [];
    const write = database.db
      .insert(users)
      .values(user("outside@example.com"))
      .then(() => order.push("outside write"));
    const other = database.db
      .transaction(async (t) => {
        await t.insert(users).values(user("second-tx@example.com"));
      })
      .then(() => order.push("second transaction"));
    await Bun.sleep(50);
    expect(order).toEqual([]);
    finish();
    await expect(tx).rejects.toThrow("roll back");
    await Promise.all([write, other]);
    expect(order.sort()).toEqual(["outside write", "second transaction"]);
    expect(await emails(database)).toEqual(["outside@example.com", "second-tx@example.com"]);
  });

  test("concurrent read-modify-write transactions of one process do not lose updates", async () => {
    const database = await migrated();
    const [owner] = await database.db.insert(users).values(user("counter@example.com")).returning();
    await database.db
      .insert(watchlistItems)
      .values({ userId: owner!.id, symbol: "AAPL", targetChangePercent: 0, addedAt: new Date(0) });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const [item] = await tx.select().from(watchlistItems).where(eq(watchlistItems.userId, owner!.id));
          await Bun.sleep(1);
          await tx
            .update(watchlistItems)
            .set({ targetChangePercent: item!.targetChangePercent + 1 })
            .where(eq(watchlistItems.id, item!.id));
        }),
      ),
    );
    const [item] = await database.db.select().from(watchlistItems);
    expect(item!.targetChangePercent).toBe(20);
  });

  test("a nested transaction is a savepoint: its failure undoes only its part", async () => {
    const database = await migrated();
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(user("outer@example.com"));
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(users).values(user("inner@example.com"));
          throw new Error("inner fails");
        }),
      ).rejects.toThrow("inner fails");
    });
    expect(await emails(database)).toEqual(["outer@example.com"]);
  });

  test("db.batch is all or none, and answers as Drizzle's libSQL batch", async () => {
    const database = await migrated();
    const [first, count] = await database.db.batch([
      database.db.insert(users).values(user("a@example.com")).returning({ email: users.email }),
      database.db.select({ n: sql<number>`count(*)` }).from(users),
    ]);
    expect(first).toEqual([{ email: "a@example.com" }]);
    expect(count).toEqual([{ n: 1 }]);
    await expect(
      database.db.batch([
        database.db.insert(users).values(user("b@example.com")),
        database.db.insert(users).values(user("a@example.com")),
      ]),
    ).rejects.toThrow();
    expect(await emails(database)).toEqual(["a@example.com"]);
  });

  test("the libSQL client API shares the write gate: its transaction holds this process's other writes", async () => {
    const database = await migrated();
    const tx = await database.client.transaction("write");
    await tx.execute({ sql: RAW_INSERT, args: ["raw@example.com"] });
    let landed = false;
    const write = database.db
      .insert(users)
      .values(user("drizzle@example.com"))
      .then(() => (landed = true));
    await Bun.sleep(30);
    expect(landed).toBe(false);
    await tx.rollback();
    await write;
    expect(await emails(database)).toEqual(["drizzle@example.com"]);
    const [batched] = await database.client.batch([
      { sql: "select email from users where email = ?", args: ["drizzle@example.com"] },
    ]);
    expect(batched!.rows.map((r) => r.email)).toEqual(["drizzle@example.com"]);
  });

  test("a commit on another connection to the file is seen by the next read, and writes go on after it", async () => {
    const { url, ...database } = await migrated(1_000);
    const other = createClient({ url });
    const held = await other.transaction("write");
    await held.execute({ sql: RAW_INSERT, args: ["other@example.com"] });
    expect(await emails(database)).toEqual([]);
    await held.commit();
    expect(await emails(database)).toEqual(["other@example.com"]);
    await database.db.insert(users).values(user("here@example.com"));
    expect(await emails(database)).toEqual(["here@example.com", "other@example.com"]);
    other.close();
  });
});

describe.skipIf(testDbKind !== "file")(
  "an embedded file's plain reads (db/file-reads.ts, decision 116)",
  () => {
    test("answer by index for Drizzle and by name for raw SQL, and see each commit made just before", async () => {
      const { url, ...database } = await migrated();
      const other = createClient({ url });
      for (let i = 0; i < 3; i++) {
        await other.execute({ sql: RAW_INSERT, args: [`reader${i}@example.com`] });
        expect(await emails(database)).toHaveLength(i + 1);
      }
      const raw = await database.client.execute({
        sql: "select email, id as length from users where email = ?",
        args: ["reader0@example.com"],
      });
      expect(raw.columns).toEqual(["email", "length"]);
      expect(raw.rows[0]!.email).toBe("reader0@example.com");
      expect(raw.rows[0]![0]).toBe("reader0@example.com");
      const named = await database.db.all<{ email: string }>(
        sql`select email from users order by email limit 1`,
      );
      expect(named[0]!.email).toBe("reader0@example.com");
      other.close();
    });

    test("a read limited to one row answers that row, or none, each time it is asked, and a larger limit all it allows", async () => {
      const database = await migrated();
      for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
        await database.db.insert(users).values(user(email));
      }
      const first = (limit: number) =>
        database.db.select({ email: users.email }).from(users).orderBy(users.email).limit(limit);
      expect(await first(1)).toEqual([{ email: "a@example.com" }]);
      expect(await first(2)).toEqual([{ email: "a@example.com" }, { email: "b@example.com" }]);
      expect(await first(1)).toEqual([{ email: "a@example.com" }]);
      // One prepared query asked for different rows in turn, by `all` and by `get` (the sign-in read's call).
      const byEmail = database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, sql.placeholder("email")))
        .limit(1)
        .prepare();
      for (const email of ["c@example.com", "a@example.com", "b@example.com"]) {
        expect(await byEmail.all({ email })).toEqual([{ email }]);
      }
      expect(await byEmail.all({ email: "nobody@example.com" })).toEqual([]);
      for (const email of ["b@example.com", "c@example.com"])
        expect(await byEmail.get({ email })).toEqual({ email });
      expect(await byEmail.get({ email: "nobody@example.com" })).toBeUndefined();
      const raw = await database.client.execute({
        sql: "select email from users order by email limit ?",
        args: [1],
      });
      expect(raw.rows.map((r) => r.email)).toEqual(["a@example.com"]);
      expect(raw.columns).toEqual(["email"]);
    });

    test("a failed read fails as the client would, and the next read answers on a fresh connection", async () => {
      const database = await migrated();
      await expect(database.client.execute("select * from no_such_table")).rejects.toThrow(/no such table/);
      await database.db.insert(users).values(user("after@example.com"));
      expect(await emails(database)).toEqual(["after@example.com"]);
    });

    test("writes, RETURNING and transactions are the client's: a read inside a transaction sees its own writes", async () => {
      const database = await migrated();
      const [inserted] = await database.db.insert(users).values(user("ret@example.com")).returning();
      expect(inserted!.email).toBe("ret@example.com");
      await database.db.transaction(async (tx) => {
        await tx.insert(users).values(user("tx@example.com"));
        const seen = await tx.select({ email: users.email }).from(users).orderBy(users.email);
        expect(seen.map((r) => r.email)).toEqual(["ret@example.com", "tx@example.com"]);
        // Outside the transaction (the kept read connection), its write is not seen until it commits.
        expect(await emails(database)).toEqual(["ret@example.com"]);
      });
      expect(await emails(database)).toEqual(["ret@example.com", "tx@example.com"]);
    });
  },
);
