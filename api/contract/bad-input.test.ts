import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, errorOf, startTestApp, type TestApp, targetName } from "../test/harness.ts";

// Bad input on every endpoint that takes any: a clear 4xx with a JSON message, never a 5xx, and nothing changed.
// Runs unchanged on Bun + file, Bun + sqld and workerd + sqld.
interface Case {
  name: string;
  method: string;
  path: string | ((ctx: Ctx) => string);
  /** A raw body (sent as JSON content) or a value to serialise. */
  raw?: string;
  json?: unknown;
  as: "user" | "admin" | "none";
  status: number;
  message?: RegExp;
}
interface Ctx {
  itemId: number;
  otherItemId: number;
  userId: number;
}

const PASSWORD = "correct-horse-battery";
const BIG = JSON.stringify({ symbol: "AAPL", pad: "x".repeat(200_000) });

const CASES: Case[] = [
  {
    name: "sign-in: malformed JSON",
    method: "POST",
    path: "/api/auth/signin",
    raw: '{"email": ',
    as: "none",
    status: 400,
    message: /Malformed JSON/,
  },
  {
    name: "sign-in: wrong types",
    method: "POST",
    path: "/api/auth/signin",
    json: { email: 42, password: [] },
    as: "none",
    status: 400,
  },
  {
    name: "register: bad email",
    method: "POST",
    path: "/api/auth/register",
    json: { email: "not-an-email", password: "long-enough-1" },
    as: "none",
    status: 400,
  },
  {
    name: "register: short password",
    method: "POST",
    path: "/api/auth/register",
    json: { email: "short@example.com", password: "short" },
    as: "none",
    status: 400,
    message: /8 characters/,
  },
  {
    name: "register: oversize body",
    method: "POST",
    path: "/api/auth/register",
    raw: BIG,
    as: "none",
    status: 413,
    message: /too large/,
  },
  {
    name: "password reset: missing fields",
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    json: {},
    as: "none",
    status: 400,
  },
  {
    name: "change password: short new password",
    method: "POST",
    path: "/api/auth/change-password",
    json: { currentPassword: PASSWORD, newPassword: "short" },
    as: "user",
    status: 400,
    message: /8 characters/,
  },
  {
    name: "change password: wrong types",
    method: "POST",
    path: "/api/auth/change-password",
    json: { currentPassword: 12, newPassword: ["x"] },
    as: "user",
    status: 400,
  },
  {
    name: "change password: malformed JSON",
    method: "POST",
    path: "/api/auth/change-password",
    raw: '{"currentPassword": ',
    as: "user",
    status: 400,
    message: /Malformed JSON/,
  },
  {
    name: "watchlist add: bad symbol",
    method: "POST",
    path: "/api/watchlist",
    json: { symbol: "AA$PL" },
    as: "user",
    status: 400,
  },
  {
    name: "watchlist add: unknown symbol",
    method: "POST",
    path: "/api/watchlist",
    json: { symbol: "ZZZZ" },
    as: "user",
    status: 404,
    message: /ZZZZ/,
  },
  {
    name: "watchlist add: duplicate",
    method: "POST",
    path: "/api/watchlist",
    json: { symbol: "AAPL" },
    as: "user",
    status: 409,
  },
  {
    name: "watchlist add: malformed JSON",
    method: "POST",
    path: "/api/watchlist",
    raw: "{symbol:AAPL}",
    as: "user",
    status: 400,
    message: /Malformed JSON/,
  },
  {
    name: "watchlist add: oversize body",
    method: "POST",
    path: "/api/watchlist",
    raw: BIG,
    as: "user",
    status: 413,
  },
  {
    name: "watchlist edit: wrong type",
    method: "PATCH",
    path: (c) => `/api/watchlist/${c.itemId}`,
    json: { targetChangePercent: "ten" },
    as: "user",
    status: 400,
  },
  {
    name: "watchlist edit: unknown id",
    method: "PATCH",
    path: "/api/watchlist/999999",
    json: { targetChangePercent: 5 },
    as: "user",
    status: 404,
  },
  {
    name: "watchlist edit: another user's id",
    method: "PATCH",
    path: (c) => `/api/watchlist/${c.otherItemId}`,
    json: { targetChangePercent: 5 },
    as: "user",
    status: 404,
  },
  {
    name: "watchlist delete: another user's id",
    method: "DELETE",
    path: (c) => `/api/watchlist/${c.otherItemId}`,
    as: "user",
    status: 404,
  },
  {
    name: "watchlist delete: not a number",
    method: "DELETE",
    path: "/api/watchlist/abc",
    as: "user",
    status: 400,
  },
  {
    name: "notifications: bad webhook URL",
    method: "PUT",
    path: "/api/notifications",
    json: { emailAlerts: true, webhookUrl: "not a url" },
    as: "user",
    status: 400,
    message: /webhook/i,
  },
  {
    name: "notifications: missing emailAlerts",
    method: "PUT",
    path: "/api/notifications",
    json: { webhookUrl: null },
    as: "user",
    status: 400,
    message: /emailAlerts/,
  },
  {
    name: "analyze: symbol too long",
    method: "POST",
    path: "/api/insights/analyze",
    json: { symbol: "ABCDEFGHIJKL" },
    as: "user",
    status: 400,
  },
  {
    name: "analyze: unknown symbol",
    method: "POST",
    path: "/api/insights/analyze",
    json: { symbol: "ZZZZ" },
    as: "user",
    status: 404,
    message: /Unknown symbol 'ZZZZ'/,
  },
  {
    name: "analysis history: bad page",
    method: "GET",
    path: "/api/insights/history?page=0",
    as: "user",
    status: 400,
  },
  {
    name: "price history: bad symbol",
    method: "GET",
    path: "/api/market/history/bad$sym",
    as: "user",
    status: 400,
  },
  {
    name: "symbol search: blank q",
    method: "GET",
    path: "/api/market/symbols?q=%20",
    as: "user",
    status: 400,
    message: /Type at least one character of a symbol or company name/,
  },
  {
    name: "symbol search: limit above 50",
    method: "GET",
    path: "/api/market/symbols?q=a&limit=51",
    as: "user",
    status: 400,
  },
  {
    name: "historical: bad date",
    method: "GET",
    path: "/api/recommendations/historical?fromDate=2023-13-45",
    as: "user",
    status: 400,
  },
  {
    name: "historical: from after to",
    method: "GET",
    path: "/api/recommendations/historical?fromDate=2023-10-02&toDate=2023-01-01",
    as: "user",
    status: 400,
    message: /Invalid Date Range/,
  },
  {
    name: "post recommendation: target below buy",
    method: "POST",
    path: "/api/recommendations",
    json: {
      symbol: "AAPL",
      buyPrice: 10,
      sellTarget: 5,
      confidence: 50,
      estimatedDate: "2023-12-01",
      reason: "x",
    },
    as: "admin",
    status: 400,
  },
  {
    name: "post recommendation: confidence 101",
    method: "POST",
    path: "/api/recommendations",
    json: {
      symbol: "AAPL",
      buyPrice: 1,
      sellTarget: 2,
      confidence: 101,
      estimatedDate: "2023-12-01",
      reason: "x",
    },
    as: "admin",
    status: 400,
  },
  {
    name: "one recommendation: unknown id",
    method: "GET",
    path: "/api/recommendations/999999",
    as: "user",
    status: 404,
    message: /No recommendation with id 999999/,
  },
  {
    name: "one recommendation: not a number",
    method: "GET",
    path: "/api/recommendations/0x10",
    as: "user",
    status: 400,
  },
  {
    name: "delete recommendations: bad date",
    method: "DELETE",
    path: "/api/recommendations/yesterday",
    as: "admin",
    status: 400,
  },
  {
    name: "admin status: unknown user",
    method: "PATCH",
    path: "/api/admin/users/999999/status",
    json: { isActive: false },
    as: "admin",
    status: 404,
  },
  {
    name: "admin status: wrong type",
    method: "PATCH",
    path: (c) => `/api/admin/users/${c.userId}/status`,
    json: { isActive: "no" },
    as: "admin",
    status: 400,
  },
  {
    name: "admin delete: unknown user",
    method: "DELETE",
    path: "/api/admin/users/999999",
    as: "admin",
    status: 404,
  },
  {
    name: "admin end session: unknown session",
    method: "POST",
    path: "/api/admin/sessions/999999/end",
    as: "admin",
    status: 404,
  },
  {
    name: "admin end session: bad id",
    method: "POST",
    path: "/api/admin/sessions/0/end",
    as: "admin",
    status: 400,
  },
  {
    name: "admin end session: not an admin",
    method: "POST",
    path: "/api/admin/sessions/1/end",
    as: "user",
    status: 403,
  },
  {
    name: "admin role: unknown user",
    method: "PATCH",
    path: "/api/admin/users/999999/role",
    json: { isAdmin: true },
    as: "admin",
    status: 404,
  },
  {
    name: "admin role: wrong type",
    method: "PATCH",
    path: (c) => `/api/admin/users/${c.userId}/role`,
    json: { isAdmin: "yes" },
    as: "admin",
    status: 400,
  },
  {
    name: "admin role: not an admin",
    method: "PATCH",
    path: (c) => `/api/admin/users/${c.userId}/role`,
    json: { isAdmin: true },
    as: "user",
    status: 403,
  },
  {
    name: "admin reset password: unknown user",
    method: "POST",
    path: "/api/admin/users/999999/reset-password",
    as: "admin",
    status: 404,
  },
  {
    name: "admin reset password: bad id",
    method: "POST",
    path: "/api/admin/users/-1/reset-password",
    as: "admin",
    status: 400,
  },
  {
    name: "admin reset password: not an admin",
    method: "POST",
    path: (c) => `/api/admin/users/${c.userId}/reset-password`,
    as: "user",
    status: 403,
  },
  {
    name: "admin users: page size too big",
    method: "GET",
    path: "/api/admin/users?pageSize=100000",
    as: "admin",
    status: 400,
  },
];

let t: TestApp;
let ctx: Ctx;
const tokens = {} as Record<"user" | "admin", string>;

beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2022-06-01" });
  const [user, other, admin] = await Promise.all([
    t.createUser(),
    t.createUser(),
    t.createUser({ isAdmin: true }),
  ]);
  tokens.user = await t.signIn(user.email, PASSWORD);
  tokens.admin = await t.signIn(admin.email, PASSWORD);
  const otherToken = await t.signIn(other.email, PASSWORD);
  const add = async (token: string) =>
    (await bodyOf(t.api(token).watchlist.$post({ json: { symbol: "AAPL", targetChangePercent: 7 } }), 201))
      .id;
  ctx = { itemId: await add(tokens.user), otherItemId: await add(otherToken), userId: other.id };
}, 60_000);
afterAll(() => t.close());

describe(`bad input (${targetName})`, () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const res = await t.request(typeof c.path === "function" ? c.path(ctx) : c.path, {
        method: c.method,
        token: c.as === "none" ? undefined : tokens[c.as],
        ...(c.raw !== undefined
          ? { body: c.raw, headers: { "content-type": "application/json" } }
          : c.json !== undefined
            ? { json: c.json }
            : {}),
      });
      expect(res.status).toBe(c.status);
      expect(res.headers.get("content-type")).toContain("application/json");
      // Read through the error schema: a message or code that is not a string fails here.
      const body = await errorOf(res, c.status);
      expect(body.code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(body.message.length).toBeGreaterThan(5);
      if (c.message) expect(body.message).toMatch(c.message);
    });
  }

  test("nothing was changed by any of it", async () => {
    const list = await bodyOf(t.api(tokens.user).watchlist.$get(), 200);
    expect(list.map((i) => [i.id, i.symbol, i.targetChangePercent])).toEqual([[ctx.itemId, "AAPL", 7]]);
    const users = await bodyOf(t.api(tokens.admin).admin.users.$get({ query: { pageSize: "50" } }), 200);
    expect(users.find((u) => u.id === ctx.userId)?.isActive).toBe(1);
    const history = await bodyOf(t.api(tokens.user).insights.history.$get({ query: {} }), 200);
    expect(history).toEqual([]);
  });
});
