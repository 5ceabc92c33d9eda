import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { withAnswerChecks } from "../test/answer-check.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, targetName, uniqueEmail } from "../test/harness.ts";

// Every endpoint doing its job, over whatever the target is: Bun + file, Bun + sqld or workerd + sqld. Every answer
// is checked against the served API document (withAnswerChecks), as a client generated from it reads it.
let t: TestApp;
let admin: string;
let user: string;
let userId: number;
const PASSWORD = "correct-horse-battery";

const get = (path: string, token?: string) => t.request(path, { token });

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
    await bodyOf(
      t
        .api()
        .auth.register.$post({ json: { email, password: PASSWORD, firstName: "Cora", lastName: "Tract" } }),
      201,
    );
    const res = await t.api().auth.signin.$post({ json: { email, password: PASSWORD } });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    const signedIn = await bodyOf(res, 200);
    if (!signedIn.user.authToken) throw new Error("sign-in answered no token");
    user = signedIn.user.authToken;
    userId = signedIn.user.id;
    const me = await bodyOf(t.api(user).auth.user.$get(), 200);
    expect(me.email).toBe(email);
    await bodyOf(t.api(user).auth["regenerate-api-key"].$post(), 200);
    expect((await get("/api/auth/user", me.apiKey)).status).toBe(401);
    const fresh = await bodyOf(t.api(user).auth.user.$get(), 200);
    expect((await get("/api/auth/user", fresh.apiKey)).status).toBe(200);
    // Every target runs without a mail server (and a Worker cannot send SMTP): reset by email says so.
    const reset = await bodyOf(
      t.api().auth["password-reset"].request.$post({ json: { email, fullName: "Cora Tract" } }),
      503,
    );
    expect(reset).toEqual({
      message: "Password reset by email is not configured here.",
      code: "MAIL_NOT_CONFIGURED",
    });
    await bodyOf(t.api().auth.providers.$get(), 200);
  });

  test("recommendations: post, latest with price, historical, track record, delete the date", async () => {
    const posted = t.api(admin).recommendations.$post({
      query: { recommendationDate: "2023-10-02" },
      json: {
        symbol: "MSFT",
        buyPrice: 310.5,
        sellTarget: 340,
        confidence: 62,
        estimatedDate: "2023-12-01",
        reason: "Contract test",
      },
    });
    const { recommendation } = await bodyOf(posted, 201);
    const one = await bodyOf(
      t.api(user).recommendations[":id"].$get({ param: { id: String(recommendation.id) } }),
      200,
    );
    expect(one).toMatchObject({ id: recommendation.id, reason: "Contract test" });
    const latest = await bodyOf(t.api(user).recommendations.latest.$get(), 200);
    expect(latest.find((r) => r.symbol === "MSFT")?.currentPrice).not.toBeNull();
    const historical = await bodyOf(
      t.api(user).recommendations.historical.$get({ query: { symbol: "MSFT" } }),
      200,
    );
    expect(historical.length).toBe(1);
    const record = await bodyOf(t.api(user).recommendations.performance.$get({ query: {} }), 200);
    // An admin's post is an editor's pick: counted apart, and in no figure or growth line of the model.
    expect(record.editorsPicks).toMatchObject({ count: 1, open: 1 });
    expect(record.count).toBe(0);
    expect(record.cumulative).toEqual([]);
    expect(record.model.auc).toBeGreaterThan(0.5);
    expect(record.model.calibrationByYear.length).toBeGreaterThan(0);
    // Public (decision 144): signed out, the same record and model card; no filter, and no account needed.
    expect(await bodyOf(t.api().recommendations["track-record"].$get({ query: {} }), 200)).toEqual(record);
    const filtered = await errorOf(t.request("/api/recommendations/track-record?symbol=MSFT"), 400);
    expect(filtered.code).toBe("VALIDATION_ERROR");
    expect((await t.api().recommendations.performance.$get({ query: {} })).status).toBe(401);
    const preregistration = await bodyOf(t.api().preregistration.$get(), 200);
    expect(preregistration.summary).toMatch(/weeks collected$/);
    const deleted = await bodyOf(
      t.api(admin).recommendations[":date"].$delete({ param: { date: "2023-10-02" } }),
      200,
    );
    expect(deleted.deleted).toBe(1);
  });

  test("watchlist: add, list with price and sparkline, edit, remove; notification settings and events", async () => {
    const item = await bodyOf(t.api(user).watchlist.$post({ json: { symbol: "nvda" } }), 201);
    expect(item.addedPrice).not.toBeNull();
    const list = await bodyOf(t.api(user).watchlist.$get(), 200);
    expect(list).toHaveLength(1);
    expect(list[0]!.symbol).toBe("NVDA");
    expect(list[0]).toMatchObject({ currentPriceAsOf: "2023-10-27" });
    expect(list[0]!.sparkline!.length).toBeGreaterThan(20);
    const edited = await bodyOf(
      t
        .api(user)
        .watchlist[":id"].$patch({ param: { id: String(item.id) }, json: { targetChangePercent: 3 } }),
      200,
    );
    expect(edited.targetChangePercent).toBe(3);
    const removed = await t.request(`/api/watchlist/${item.id}`, { method: "DELETE", token: user });
    expect([200, 204]).toContain(removed.status);
    expect(await bodyOf(t.api(user).watchlist.$get(), 200)).toEqual([]);

    const settings = await bodyOf(t.api(user).notifications.$get(), 200);
    await bodyOf(
      t.api(user).notifications.$put({ json: { emailAlerts: !settings.emailAlerts, webhookUrl: null } }),
      200,
    );
    const saved = await bodyOf(t.api(user).notifications.$get(), 200);
    expect(saved.emailAlerts).toBe(!settings.emailAlerts);
    await bodyOf(t.api(user).notifications.events.$get(), 200);
  });

  test("analysis: analyze, history with its total; market history and status; earnings calendar", async () => {
    const insight = await bodyOf(t.api(user).insights.analyze.$post({ json: { symbol: "aapl" } }), 201);
    expect(insight.symbol).toBe("AAPL");
    const history = await t.api(user).insights.history.$get({ query: {} });
    expect(history.headers.get("x-total-count")).toBe("1");
    expect(await bodyOf(history, 200)).toHaveLength(1);
    const prices = await bodyOf(
      t.api(user).market.history[":symbol"].$get({ param: { symbol: "AAPL" } }),
      200,
    );
    expect(prices.points.length).toBeGreaterThan(100);
    expect(await bodyOf(t.api().market.status.$get(), 200)).toMatchObject({ demo: true });
    const symbols = (query: { q: string; limit?: string }) => t.api(user).market.symbols.$get({ query });
    const matches = await bodyOf(symbols({ q: "app", limit: "5" }), 200);
    expect(matches[0]).toEqual({ symbol: "AAPL", name: "Apple Inc." });
    expect(await bodyOf(symbols({ q: "zzzzqqq" }), 200)).toEqual([]);
    const calendar = await bodyOf(t.api(user)["earnings-calendar"].$get(), 200);
    expect(calendar.count).toBe(calendar.earnings.length);
    const doc = await t.openApi();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  test("admin: search users, their sessions, deactivate (sessions end), delete; logout ends the session", async () => {
    const users = t.api(admin).admin.users;
    const param = { id: String(userId) };
    const rows = await bodyOf(users.$get({ query: { q: "contract" } }), 200);
    expect(rows.some((u) => u.id === userId)).toBe(true);
    await bodyOf(users[":id"].sessions.$get({ param }), 200);
    await bodyOf(
      users[":userId"].status.$patch({ param: { userId: param.id }, json: { isActive: false } }),
      200,
    );
    expect((await get("/api/auth/user", user)).status).toBe(401);
    await bodyOf(users[":id"].$delete({ param }), 200);
    expect((await get(`/api/admin/users/${userId}/sessions`, admin)).status).toBe(404);
    await bodyOf(t.api(admin).auth.logout.$post(), 200);
    expect((await get("/api/auth/user", admin)).status).toBe(401);
  });
});
