import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { passwordResets, rateLimits, sessions } from "../../db/schema/index.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../test/harness.ts";

const PASSWORD = "correct-horse-battery";
const IDLE_MS = 30 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sessionIdleMs: IDLE_MS });
});
afterAll(() => t.close());

describe(`session idle expiry and signed-out requests on ${testDbKind}`, () => {
  test("idle time counts from the last request, even one that did not rewrite lastSeenAt", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, PASSWORD);
    t.clock.advance(50_000);
    // Activity 50 s after sign-in; lastSeenAt is only rewritten once it is a minute old.
    expect((await t.request("/api/auth/user", { token })).status).toBe(200);
    t.clock.advance(IDLE_MS - 1_000);
    // Idle for 29:59 since that request: still alive.
    expect((await t.request("/api/auth/user", { token })).status).toBe(200);
  });

  test("a session left alone ends within a minute of its idle limit", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, PASSWORD);
    t.clock.advance(IDLE_MS + 61_000);
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    const [row] = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.endTime).toBeInstanceOf(Date);
  });

  test("many sessions' requests at once (one read for all on a libSQL server): each its own user, a signed-out one refused", async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.createUser({ email: `together-${i}@example.com` })),
    );
    const tokens = await Promise.all(users.map((u) => t.signIn(u.email, PASSWORD)));
    const signedOut = tokens[3]!;
    expect((await t.request("/api/auth/logout", { method: "POST", token: signedOut })).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(tokens.map((token) => t.api(token).auth.user.$get()));
      const statuses = answers.map((a) => a.status);
      expect(statuses).toEqual(tokens.map((token) => (token === signedOut ? 401 : 200)));
      const emails = await Promise.all(
        answers.filter((a) => a.status === 200).map(async (a) => (await bodyOf(a, 200)).email),
      );
      expect(emails).toEqual(users.filter((_, i) => i !== 3).map((u) => u.email));
    }
  });

  test("a request due its session's touch is answered without waiting for the process's writes; the touch follows", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, PASSWORD);
    const { db } = t.deps.database;
    const lastSeen = async () =>
      (await db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastSeenAt.getTime();
    const before = await lastSeen();
    t.clock.advance(61_000);
    // A write transaction holds this process's write turn until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.update(sessions).set({ userAgent: "held" }).where(eq(sessions.userId, user.id));
      await held;
    });
    const answered = await Promise.race([
      t.request("/api/auth/user", { token }).then((r) => r.status),
      Bun.sleep(2_000).then(() => "still waiting"),
    ]);
    release();
    await transaction;
    expect(answered).toBe(200);
    for (let i = 0; i < 100 && (await lastSeen()) === before; i++) await Bun.sleep(20);
    expect(await lastSeen()).toBe(before + 61_000);
  });

  test("signed-out requests that are not credential attempts add no rows", async () => {
    const rows = async () => {
      const { db } = t.deps.database;
      const [[a], [b], [c]] = await Promise.all([
        db.select({ n: count() }).from(rateLimits),
        db.select({ n: count() }).from(sessions),
        db.select({ n: count() }).from(passwordResets),
      ]);
      return [a?.n, b?.n, c?.n];
    };
    const before = await rows();
    for (const token of [undefined, "garbage", "sbk_garbage"]) {
      for (const path of ["/api/auth/user", "/api/recommendations", "/api/watchlist", "/api/admin/users"]) {
        expect((await t.request(path, { token, ip: "198.51.100.7" })).status).toBeGreaterThanOrEqual(400);
      }
      await t.request("/api/auth/logout", { method: "POST", token, ip: "198.51.100.7" });
      await t.request("/api/insights/analyze", { method: "POST", token, json: { symbol: "AAPL" } });
      await t.request("/api/auth/regenerate-api-key", { method: "POST", token });
    }
    await t.request("/api/auth/providers");
    await t.request("/api/auth/oauth/github");
    expect(await rows()).toEqual(before);
  });
});
