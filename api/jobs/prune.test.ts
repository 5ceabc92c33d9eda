import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { passwordResets, rateLimits, sessions } from "../../db/schema/index.ts";
import { startTestApp, type TestApp, testDbKind } from "../test/harness.ts";
import { runDueJobs } from "./schedule.ts";

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sessionIdleMs: 30 * 60_000 });
});
afterAll(() => t.close());

describe(`pruning auth records on ${testDbKind}`, () => {
  test("expired rate-limit windows, long-ended sessions and expired reset codes are deleted; live ones stay", async () => {
    const { db } = t.deps.database;
    const now = t.clock.now().getTime();
    const user = await t.createUser();
    await db.insert(rateLimits).values([
      { key: "signin:ip:old", windowStart: now - 2 * DAY, count: 4 },
      { key: "signin:ip:current", windowStart: now - 60_000, count: 1 },
    ]);
    const session = (name: string, start: number, lastSeen: number, end: number | null) => ({
      userId: user.id,
      tokenHash: name,
      startTime: new Date(start),
      lastSeenAt: new Date(lastSeen),
      endTime: end === null ? null : new Date(end),
    });
    await db
      .insert(sessions)
      .values([
        session("ended-long-ago", now - 40 * DAY, now - 40 * DAY, now - 40 * DAY),
        session("idle-long-ago", now - 40 * DAY, now - 40 * DAY, null),
        session("ended-recently", now - 2 * DAY, now - 2 * DAY, now - 2 * DAY),
        session("live", now - DAY, now - 60_000, null),
      ]);
    const reset = (hash: string, expiresAt: number) => ({
      userId: user.id,
      codeHash: hash,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(expiresAt - 15 * 60_000),
    });
    await db.insert(passwordResets).values([reset("expired", now - DAY), reset("valid", now + 10 * 60_000)]);

    const outcome = await runDueJobs(t.deps, ["prune-auth-records"]);
    expect(outcome["prune-auth-records"]).toEqual({
      ran: true,
      result: { rateLimits: 1, sessions: 2, passwordResets: 1 },
    });
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["signin:ip:current"]);
    expect((await db.select().from(sessions)).map((s) => s.tokenHash).sort()).toEqual([
      "ended-recently",
      "live",
    ]);
    expect((await db.select().from(passwordResets)).map((r) => r.codeHash)).toEqual(["valid"]);
    // Once an hour.
    expect(await runDueJobs(t.deps, ["prune-auth-records"])).toEqual({
      "prune-auth-records": { ran: false, reason: "already-ran" },
    });
  });
});
