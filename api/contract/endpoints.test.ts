import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { withAnswerChecks } from "../test/answer-check.ts";
import { startTestApp, type TestApp, targetName, uniqueEmail } from "../test/harness.ts";

// Every endpoint doing its job, over whatever the target is: Bun + file, Bun + sqld or workerd + sqld. Every answer
// is checked against the served API document (withAnswerChecks), as a client generated from it reads it.
let t: TestApp;
let admin: string;
let user: string;
let userId: number;
const PASSWORD = "correct-horse-battery";

const get = (path: string, token?: string) => t.request(path, { token });
const body = async <T = Record<string, unknown>>(res: Response, status: number): Promise<T> => {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
};

beforeAll(async () => {
  t = await withAnswerChecks(await startTestApp());
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT", "NVDA"], from: "2022-06-01" });
  const a = await t.createUser({ isAdmin: true });
  admin = await t.signIn(a.email, PASSWORD);
}, 60_000);
afterAll(() => t.close());

describe(`every endpoint (${targetName})`, () => {
  test("register, sign in (HttpOnly session cookie), current user, API key regeneration", async () => {
    const email = uniqueEmail("contract");
    await body(
      await t.request("/api/auth/register", {
        method: "POST",
        json: { email, password: PASSWORD, firstName: "Cora", lastName: "Tract" },
      }),
      201,
    );
    const res = await t.request("/api/auth/signin", { method: "POST", json: { email, password: PASSWORD } });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    const signedIn = await body<{ user: { authToken: string; id: number } }>(res, 200);
    user = signedIn.user.authToken;
    userId = signedIn.user.id;
    const me = await body<{ email: string; apiKey: string }>(await get("/api/auth/user", user), 200);
    expect(me.email).toBe(email);
    await body(await t.request("/api/auth/regenerate-api-key", { method: "POST", token: user }), 200);
    expect((await get("/api/auth/user", me.apiKey)).status).toBe(401);
    const fresh = await body<{ apiKey: string }>(await get("/api/auth/user", user), 200);
    expect((await get("/api/auth/user", fresh.apiKey)).status).toBe(200);
    // Every target runs without a mail server (and a Worker cannot send SMTP): reset by email says so.
    const reset = await body<{ message: string; code: string }>(
      await t.request("/api/auth/password-reset/request", {
        method: "POST",
        json: { email, fullName: "Cora Tract" },
      }),
      503,
    );
    expect(reset).toEqual({
      message: "Password reset by email is not configured here.",
      code: "MAIL_NOT_CONFIGURED",
    });
    await body(await get("/api/auth/providers"), 200);
  });

  test("recommendations: post, latest with price, historical, track record, delete the date", async () => {
    const posted = await t.request("/api/recommendations?recommendationDate=2023-10-02", {
      method: "POST",
      token: admin,
      json: {
        symbol: "MSFT",
        buyPrice: 310.5,
        sellTarget: 340,
        confidence: 62,
        estimatedDate: "2023-12-01",
        reason: "Contract test",
      },
    });
    const { recommendation } = await body<{ recommendation: { id: number } }>(posted, 201);
    const one = await body<{ id: number; reason: string }>(
      await get(`/api/recommendations/${recommendation.id}`, user),
      200,
    );
    expect(one).toMatchObject({ id: recommendation.id, reason: "Contract test" });
    const latest = await body<Array<{ symbol: string; currentPrice: string | number | null }>>(
      await get("/api/recommendations/latest", user),
      200,
    );
    expect(latest.find((r) => r.symbol === "MSFT")?.currentPrice).not.toBeNull();
    const historical = await body<unknown[]>(
      await get("/api/recommendations/historical?symbol=MSFT", user),
      200,
    );
    expect(historical.length).toBe(1);
    const record = await body<{
      count: number;
      editorsPicks: { count: number; open: number };
      cumulative: Array<Record<string, unknown>>;
      model: { auc: number; calibrationByYear: unknown[] };
    }>(await get("/api/recommendations/performance", user), 200);
    // An admin's post is an editor's pick: counted apart, and in no figure or growth line of the model.
    expect(record.editorsPicks).toMatchObject({ count: 1, open: 1 });
    expect(record.count).toBe(0);
    expect(record.cumulative).toEqual([]);
    expect(record.model.auc).toBeGreaterThan(0.5);
    expect(record.model.calibrationByYear.length).toBeGreaterThan(0);
    // Public (decision 144): signed out, the same record and model card; no filter, and no account needed.
    expect(await body(await get("/api/recommendations/track-record"), 200)).toEqual(record);
    const filtered = await body<{ message: string; code: string }>(
      await get("/api/recommendations/track-record?symbol=MSFT"),
      400,
    );
    expect(filtered.code).toBe("VALIDATION_ERROR");
    expect((await get("/api/recommendations/performance")).status).toBe(401);
    const preregistration = await body<{ summary: string }>(await get("/api/preregistration"), 200);
    expect(preregistration.summary).toMatch(/weeks collected$/);
    const deleted = await body<{ deleted: number }>(
      await t.request("/api/recommendations/2023-10-02", { method: "DELETE", token: admin }),
      200,
    );
    expect(deleted.deleted).toBe(1);
  });

  test("watchlist: add, list with price and sparkline, edit, remove; notification settings and events", async () => {
    const item = await body<{ id: number; addedPrice: number | null }>(
      await t.request("/api/watchlist", { method: "POST", token: user, json: { symbol: "nvda" } }),
      201,
    );
    expect(item.addedPrice).not.toBeNull();
    const list = await body<Array<{ symbol: string; currentPrice: number | null; sparkline: number[] }>>(
      await get("/api/watchlist", user),
      200,
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.symbol).toBe("NVDA");
    expect(list[0]).toMatchObject({ currentPriceAsOf: "2023-10-27" });
    expect(list[0]!.sparkline.length).toBeGreaterThan(20);
    const edited = await body<{ targetChangePercent: number }>(
      await t.request(`/api/watchlist/${item.id}`, {
        method: "PATCH",
        token: user,
        json: { targetChangePercent: 3 },
      }),
      200,
    );
    expect(edited.targetChangePercent).toBe(3);
    const removed = await t.request(`/api/watchlist/${item.id}`, { method: "DELETE", token: user });
    expect([200, 204]).toContain(removed.status);
    expect(await body<unknown[]>(await get("/api/watchlist", user), 200)).toEqual([]);

    const settings = await body<{ emailAlerts: boolean }>(await get("/api/notifications", user), 200);
    await body(
      await t.request("/api/notifications", {
        method: "PUT",
        token: user,
        json: { emailAlerts: !settings.emailAlerts, webhookUrl: null },
      }),
      200,
    );
    const saved = await body<{ emailAlerts: boolean }>(await get("/api/notifications", user), 200);
    expect(saved.emailAlerts).toBe(!settings.emailAlerts);
    await body(await get("/api/notifications/events", user), 200);
  });

  test("analysis: analyze, history with its total; market history and status; earnings calendar", async () => {
    const insight = await body<{ symbol: string; confidence: number; targetDate: string }>(
      await t.request("/api/insights/analyze", { method: "POST", token: user, json: { symbol: "aapl" } }),
      201,
    );
    expect(insight.symbol).toBe("AAPL");
    const history = await get("/api/insights/history", user);
    expect(history.headers.get("x-total-count")).toBe("1");
    expect(await body<unknown[]>(history, 200)).toHaveLength(1);
    const prices = await body<{ points: unknown[] }>(await get("/api/market/history/AAPL", user), 200);
    expect(prices.points.length).toBeGreaterThan(100);
    expect(await body(await get("/api/market/status"), 200)).toMatchObject({ demo: true });
    const matches = await body<Array<{ symbol: string; name: string }>>(
      await get("/api/market/symbols?q=app&limit=5", user),
      200,
    );
    expect(matches[0]).toEqual({ symbol: "AAPL", name: "Apple Inc." });
    expect(await body<unknown[]>(await get("/api/market/symbols?q=zzzzqqq", user), 200)).toEqual([]);
    const calendar = await body<{ earnings: unknown[]; count: number }>(
      await get("/api/earnings-calendar", user),
      200,
    );
    expect(calendar.count).toBe(calendar.earnings.length);
    const doc = await body<{ openapi: string; paths: Record<string, unknown> }>(
      await get("/api/openapi.json"),
      200,
    );
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  test("admin: search users, their sessions, deactivate (sessions end), delete; logout ends the session", async () => {
    const rows = await body<Array<{ id: number }>>(await get("/api/admin/users?search=contract", admin), 200);
    expect(rows.some((u) => u.id === userId)).toBe(true);
    await body(await get(`/api/admin/users/${userId}/sessions`, admin), 200);
    await body(
      await t.request(`/api/admin/users/${userId}/status`, {
        method: "PATCH",
        token: admin,
        json: { isActive: false },
      }),
      200,
    );
    expect((await get("/api/auth/user", user)).status).toBe(401);
    await body(await t.request(`/api/admin/users/${userId}`, { method: "DELETE", token: admin }), 200);
    expect((await get(`/api/admin/users/${userId}/sessions`, admin)).status).toBe(404);
    await body(await t.request("/api/auth/logout", { method: "POST", token: admin }), 200);
    expect((await get("/api/auth/user", admin)).status).toBe(401);
  });
});
