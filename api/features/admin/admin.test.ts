import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { sessions, users, watchlistItems } from "../../../db/schema/index.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { setUserAdmin } from "./admin.service.ts";

let t: TestApp;
let admin: { id: number; token: string };
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.createUser({ isAdmin: true, email: "boss@example.com" });
  admin = { id: a.id, token: await t.signIn(a.email, PASSWORD) };
});
afterAll(() => t.close());

const byId = (id: number) => ({ param: { id: String(id) } });
const byUser = (id: number) => ({ param: { userId: String(id) } });
const apiKeyOf = async (token: string) => (await bodyOf(t.api(token).auth.user.$get(), 200)).apiKey;

describe(`admin user management (${testDbKind})`, () => {
  test("lists users with session counts as 1/0 flags, paginated and searchable by email", async () => {
    const u = await t.createUser({ email: "carol@example.com" });
    await t.signIn(u.email, PASSWORD);
    await t.signIn(u.email, PASSWORD);
    const res = await t.api(admin.token).admin.users.$get({ query: { q: "carol" } });
    expect(res.headers.get("x-total-count")).toBe("1");
    const [carol] = await bodyOf(res, 200);
    expect(carol).toMatchObject({ email: "carol@example.com", isAdmin: 0, isActive: 1, sessionCount: 2 });
    const page = t.api(admin.token).admin.users.$get({ query: { page: "1", pageSize: "1" } });
    expect(await bodyOf(page, 200)).toHaveLength(1);
    expect((await t.request("/api/admin/users?pageSize=1000", { token: admin.token })).status).toBe(400);
    expect((await t.request("/api/admin/users?q=%25", { token: admin.token })).status).toBe(200);
  });

  test("sessions: newest first, duration in minutes once ended, null while active", async () => {
    const u = await t.createUser();
    const token = await t.signIn(u.email, PASSWORD);
    t.clock.advance(12 * 60_000);
    await t.api(token).auth.logout.$post();
    await t.signIn(u.email, PASSWORD);
    const list = await bodyOf(t.api(admin.token).admin.users[":id"].sessions.$get(byId(u.id)), 200);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ duration: null, endTime: null, userId: u.id });
    expect(list[1]!.duration).toBe(12);
    expect((await t.request("/api/admin/users/999999/sessions", { token: admin.token })).status).toBe(404);
    expect((await t.request("/api/admin/users/abc/sessions", { token: admin.token })).status).toBe(400);
  });

  test("deactivation ends sessions and replaces the key at once; activation restores sign-in, not the old key", async () => {
    const u = await t.createUser();
    const token = await t.signIn(u.email, PASSWORD);
    const apiKey = await apiKeyOf(token);
    const off = t
      .api(admin.token)
      .admin.users[":userId"].status.$patch({ ...byUser(u.id), json: { isActive: 0 } });
    expect((await bodyOf(off, 200)).message).toBe("User Deactivated");
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    expect((await t.request("/api/auth/user", { token: apiKey })).status).toBe(401);
    const open = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(open.every((s) => s.endTime !== null)).toBe(true);
    const signin = await t.api().auth.signin.$post({ json: { email: u.email, password: PASSWORD } });
    expect(signin.status).toBe(403);
    const on = t
      .api(admin.token)
      .admin.users[":userId"].status.$patch({ ...byUser(u.id), json: { isActive: true } });
    expect((await bodyOf(on, 200)).message).toBe("User Activated");
    // Whoever held the key or a session before keeps nothing: the holder signs in again and gets a new key.
    expect((await t.request("/api/auth/user", { token: apiKey })).status).toBe(401);
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    const again = await t.signIn(u.email, PASSWORD);
    const fresh = await apiKeyOf(again);
    expect(fresh).not.toBe(apiKey);
    expect((await t.api(fresh).watchlist.$get()).status).toBe(200);
  });

  test("bad input: wrong types, unknown ids, malformed JSON", async () => {
    const bad = await t.request("/api/admin/users/2/status", {
      method: "PATCH",
      token: admin.token,
      json: { isActive: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await t.request("/api/admin/users/999999/status", {
          method: "PATCH",
          token: admin.token,
          json: { isActive: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request("/api/admin/users/999999", { method: "DELETE", token: admin.token })).status,
    ).toBe(404);
    const malformed = await t.request("/api/admin/users/2/status", {
      method: "PATCH",
      token: admin.token,
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
  });

  test("an admin cannot deactivate or delete themselves, nor remove the last active admin", async () => {
    const self = await t.request(`/api/admin/users/${admin.id}/status`, {
      method: "PATCH",
      token: admin.token,
      json: { isActive: false },
    });
    expect(self.status).toBe(409);
    expect(
      (await t.request(`/api/admin/users/${admin.id}`, { method: "DELETE", token: admin.token })).status,
    ).toBe(409);
    const second = await t.createUser({ isAdmin: true });
    const secondToken = await t.signIn(second.email, PASSWORD);
    // With two admins, one may deactivate the other; then the remaining one is the last.
    expect(
      (
        await t.request(`/api/admin/users/${admin.id}/status`, {
          method: "PATCH",
          token: secondToken,
          json: { isActive: false },
        })
      ).status,
    ).toBe(200);
    const last = await t.request(`/api/admin/users/${second.id}`, { method: "DELETE", token: secondToken });
    expect(last.status).toBe(409);
    await t.deps.database.db.update(users).set({ isActive: true }).where(eq(users.id, admin.id));
    admin.token = await t.signIn("boss@example.com", PASSWORD);
  });

  test("delete removes the user, their sessions and their data", async () => {
    const u = await t.createUser();
    const token = await t.signIn(u.email, PASSWORD);
    await t.deps.database.db
      .insert(watchlistItems)
      .values({ userId: u.id, symbol: "AAPL", targetChangePercent: 10, addedAt: new Date() });
    const res = t.api(admin.token).admin.users[":id"].$delete(byId(u.id));
    expect((await bodyOf(res, 200)).message).toBe("User deleted successfully");
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    expect(await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect(
      await t.deps.database.db.select().from(watchlistItems).where(eq(watchlistItems.userId, u.id)),
    ).toEqual([]);
  });
});

describe(`admin changes that race, and search (${testDbKind})`, () => {
  // Requests interleave on a libSQL server; on the embedded file the second is usually refused (401) because the
  // first has already deactivated its caller. Either way exactly one admin must stay active.
  test("two admins deactivating (or deleting) each other at once leave one active admin", async () => {
    for (const method of ["PATCH", "DELETE"] as const) {
      const app = await startTestApp();
      try {
        const a = await app.createUser({ isAdmin: true });
        const b = await app.createUser({ isAdmin: true });
        const [tokenA, tokenB] = [await app.signIn(a.email, PASSWORD), await app.signIn(b.email, PASSWORD)];
        const act = (token: string, target: number) =>
          method === "PATCH"
            ? app.request(`/api/admin/users/${target}/status`, { method, token, json: { isActive: false } })
            : app.request(`/api/admin/users/${target}`, { method, token });
        const statuses = (await Promise.all([act(tokenA, b.id), act(tokenB, a.id)])).map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect(statuses.filter((s) => s === 409 || s === 401)).toHaveLength(1);
        const admins = await app.deps.database.db.select().from(users).where(eq(users.isAdmin, true));
        expect(admins.filter((u) => u.isActive)).toHaveLength(1);
      } finally {
        await app.close();
      }
    }
  });

  test("searching for _ or % matches those characters literally", async () => {
    await t.createUser({ email: "under_score@example.com" });
    await t.createUser({ email: "per%cent@example.com" });
    await t.createUser({ email: "underXscore@example.com" });
    const emails = async (q: string) =>
      (await bodyOf(t.api(admin.token).admin.users.$get({ query: { q } }), 200)).map((u) => u.email);
    expect(await emails("under_")).toEqual(["under_score@example.com"]);
    expect(await emails("_")).toEqual(["under_score@example.com"]);
    expect(await emails("%")).toEqual(["per%cent@example.com"]);
    expect(await emails("r%c")).toEqual(["per%cent@example.com"]);
  });
});

describe(`admin tools: end a session, roles, password reset, name search (${testDbKind})`, () => {
  const CHROME_MAC =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

  test("sessions name their browser and system; an admin ends one and only that one", async () => {
    const u = await t.createUser();
    const res = t.api({ headers: { "user-agent": CHROME_MAC } }).auth.signin.$post({
      json: { email: u.email, password: PASSWORD },
    });
    const token = (await bodyOf(res, 200)).user.authToken!;
    const other = await t.signIn(u.email, PASSWORD);
    const sessionsOf = () => bodyOf(t.api(admin.token).admin.users[":id"].sessions.$get(byId(u.id)), 200);
    const list = await sessionsOf();
    const mac = list.find((s) => s.userAgent === CHROME_MAC)!;
    expect(mac).toMatchObject({ browser: "Chrome 131", system: "macOS" });

    const end = t.api(admin.token).admin.sessions[":id"].end.$post(byId(mac.id));
    expect(await bodyOf(end, 200)).toEqual({ message: "Session ended" });
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    expect((await t.request("/api/auth/user", { token: other })).status).toBe(200);
    const after = await sessionsOf();
    expect(after.find((s) => s.id === mac.id)!.endTime).not.toBeNull();

    const unknown = t.api(admin.token).admin.sessions[":id"].end.$post(byId(999999));
    expect((await bodyOf(unknown, 404)).message).toBe("No such session.");
    expect(
      (await t.request("/api/admin/sessions/abc/end", { method: "POST", token: admin.token })).status,
    ).toBe(400);
    expect(
      (await t.request(`/api/admin/sessions/${mac.id}/end`, { method: "POST", token: other })).status,
    ).toBe(403);
  });

  test("promote and demote; never yourself, never the last active admin", async () => {
    const u = await t.createUser();
    const promote = await t.request(`/api/admin/users/${u.id}/role`, {
      method: "PATCH",
      token: admin.token,
      json: { isAdmin: true },
    });
    expect(promote.status).toBe(200);
    const row = await t.deps.database.db.query.users.findFirst({ where: eq(users.id, u.id) });
    expect(row!.isAdmin).toBe(true);

    const self = t.api(admin.token).admin.users[":userId"].role.$patch({
      ...byUser(admin.id),
      json: { isAdmin: false },
    });
    expect((await bodyOf(self, 409)).message).toBe("You cannot demote yourself; ask another admin.");

    const demote = await t.request(`/api/admin/users/${u.id}/role`, {
      method: "PATCH",
      token: admin.token,
      json: { isAdmin: false },
    });
    expect(demote.status).toBe(200);
    expect((await t.deps.database.db.query.users.findFirst({ where: eq(users.id, u.id) }))!.isAdmin).toBe(
      false,
    );

    // Through the API another admin is always active, so only a race (or the CLI, actor 0) meets this guard.
    await t.deps.database.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.isAdmin, true), ne(users.id, admin.id)));
    const last = await setUserAdmin(t.deps, 0, admin.id, false);
    expect(last).toMatchObject({
      ok: false,
      status: 409,
      message: "That is the last active admin; promote another first.",
    });
    expect((await t.deps.database.db.query.users.findFirst({ where: eq(users.id, admin.id) }))!.isAdmin).toBe(
      true,
    );

    expect(
      (
        await t.request("/api/admin/users/999999/role", {
          method: "PATCH",
          token: admin.token,
          json: { isAdmin: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/admin/users/${u.id}/role`, {
          method: "PATCH",
          token: admin.token,
          json: { isAdmin: 1 },
        })
      ).status,
    ).toBe(400);
  });

  test("reset password: a temporary password shown once, sessions ended, key replaced, old password refused", async () => {
    const u = await t.createUser();
    const token = await t.signIn(u.email, PASSWORD);
    const apiKey = await apiKeyOf(token);
    const res = await t.api(admin.token).admin.users[":userId"]["reset-password"].$post(byUser(u.id));
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = await bodyOf(res, 200);
    expect(body.temporaryPassword).toMatch(/^[\w-]{20}$/);
    const row = await t.deps.database.db.query.users.findFirst({ where: eq(users.id, u.id) });
    expect(JSON.stringify(row)).not.toContain(body.temporaryPassword);
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    expect((await t.request("/api/auth/user", { token: apiKey })).status).toBe(401);
    const old = await t.request("/api/auth/signin", {
      method: "POST",
      json: { email: u.email, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    await t.signIn(u.email, body.temporaryPassword);
    expect(
      (await t.request("/api/admin/users/999999/reset-password", { method: "POST", token: admin.token }))
        .status,
    ).toBe(404);
  });

  test("search finds users by first, last or full name, not only by email", async () => {
    await t.createUser({ email: "zx-owner@example.com", firstName: "Zoë" });
    const names = async (q: string) =>
      (await bodyOf(t.api(admin.token).admin.users.$get({ query: { q, pageSize: "200" } }), 200)).map(
        (u) => u.email,
      );
    expect(await names("zoë")).toContain("zx-owner@example.com");
    expect(await names("Zoë User")).toContain("zx-owner@example.com");
    expect(await names("zx-owner")).toEqual(["zx-owner@example.com"]);
  });
});
