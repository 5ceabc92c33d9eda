import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { PatternRouter } from "hono/router/pattern-router";
import { alertEvents, recommendations, users, watchlistItems } from "../../db/schema/index.ts";
import { issueCode } from "../features/auth/emailed-code.ts";
import { inProcess, startTestApp, type TestApp, targetName } from "../test/harness.ts";

// Every endpoint against every kind of caller. A row is one endpoint; each column the status that caller must
// get. "owner" is the user whose objects the path names; "other" is a different signed-in user.
// "key" is the owner's API key, "adminKey" the admin's: API keys never perform admin actions.
type Caller = "out" | "owner" | "other" | "inactive" | "admin" | "key" | "adminKey" | "oldKey";
interface Row {
  name: string;
  method: string;
  path: (ctx: Ctx) => string;
  body?: (ctx: Ctx) => unknown;
  expect: Record<Caller, number>;
  /** Sets up what the caller's request uses up (a code, an item, a user), so each caller meets the same state. */
  before?: (caller: Caller) => Promise<void>;
  /** Puts back what the caller's request spent (a session, an API key) for the next callers and rows. */
  after?: (caller: Caller) => Promise<void>;
}
interface Ctx {
  ownerId: number;
  itemId: number;
  targetUserId: number;
  /** A fresh item of the owner's, for a request that deletes it. */
  spareItemId: number;
  /** A fresh user, for a request that deletes them. */
  doomedUserId: number;
  /** A fresh session of a fresh user, for a request that ends it. */
  spareSessionId: number;
  /** The owner's live email verification code. */
  ownerCode: string;
  /** A posted recommendation, for the detail read. */
  recommendationId: number;
  /** A fresh recommendation, for a request that deletes it. */
  spareRecommendationId: number;
  /** A fresh fired alert of the owner's, for a request that dismisses it. */
  alertId: number;
}

const read = {
  out: 401,
  owner: 200,
  other: 200,
  inactive: 401,
  admin: 200,
  key: 200,
  adminKey: 200,
  oldKey: 401,
};
const adminOnly = {
  out: 401,
  owner: 403,
  other: 403,
  inactive: 401,
  admin: 200,
  key: 403,
  adminKey: 403,
  oldKey: 401,
};
const ownItem = {
  out: 401,
  owner: 200,
  other: 404,
  inactive: 401,
  admin: 404,
  key: 200,
  adminKey: 404,
  oldKey: 401,
};
const everyone = {
  out: 200,
  owner: 200,
  other: 200,
  inactive: 200,
  admin: 200,
  key: 200,
  adminKey: 200,
  oldKey: 200,
};

const everyoneGets = (status: number) =>
  Object.fromEntries(Object.keys(everyone).map((caller) => [caller, status])) as Record<Caller, number>;

/** The same credentials each caller started with: sign a signed-out session back in, re-read the live API keys. */
async function restoreCredentials(caller: Caller) {
  if (caller === "owner" || caller === "other" || caller === "admin") {
    credentials[caller] = await t.signIn(`${caller}@example.com`, PASSWORD);
  }
  credentials.key = await apiKeyOf(credentials.owner);
  credentials.adminKey = await apiKeyOf(credentials.admin);
}

const apiKeyOf = (token: string) =>
  t
    .request("/api/auth/user", { token })
    .then((r) => r.json() as Promise<{ apiKey: string }>)
    .then((user) => user.apiKey);

const ROWS: Row[] = [
  {
    name: "sign in with a wrong password",
    method: "POST",
    path: () => "/api/auth/signin",
    body: () => ({ email: "owner@example.com", password: "not-the-password" }),
    expect: everyoneGets(401),
  },
  {
    name: "register a taken email",
    method: "POST",
    path: () => "/api/auth/register",
    body: () => ({ email: "owner@example.com", password: PASSWORD, firstName: "Other", lastName: "Person" }),
    expect: everyoneGets(409),
  },
  {
    name: "ask for a password reset code",
    method: "POST",
    path: () => "/api/auth/password-reset/request",
    body: () => ({ email: "nobody@example.com", fullName: "No Body" }),
    expect: everyoneGets(202),
  },
  {
    name: "reset a password with a wrong code",
    method: "POST",
    path: () => "/api/auth/password-reset/confirm",
    body: () => ({ email: "owner@example.com", code: "123456", newPassword: "a-new-long-password" }),
    expect: everyoneGets(400),
  },
  {
    // Any caller that is a user may ask for a code: it goes to that user's own address only.
    name: "ask for an email verification code",
    method: "POST",
    path: () => "/api/auth/email-verification/request",
    expect: { ...read, owner: 202, other: 202, admin: 202, key: 202, adminKey: 202 },
  },
  {
    // The owner's code proves the owner's address, by session or key; it proves nobody else's.
    name: "verify an email address with the owner's code",
    method: "POST",
    path: () => "/api/auth/email-verification/confirm",
    body: (c) => ({ code: c.ownerCode }),
    before: async () => {
      await t.deps.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ctx.ownerId));
      ctx.ownerCode = await issueCode(t.deps, ctx.ownerId, "verify-email");
    },
    expect: { ...read, other: 400, admin: 400, adminKey: 400 },
  },
  {
    name: "regenerate the API key",
    method: "POST",
    path: () => "/api/auth/regenerate-api-key",
    after: restoreCredentials,
    expect: read,
  },
  {
    name: "start an OAuth sign-in",
    method: "GET",
    path: () => "/api/auth/oauth/github",
    expect: everyoneGets(302),
  },
  {
    name: "OAuth callback without its state",
    method: "GET",
    path: () => "/api/auth/oauth/github/callback?code=x&state=y",
    expect: everyoneGets(302),
  },
  {
    // A wrong current password changes nothing; account settings need a session, never an API key.
    name: "change the password with a wrong current one",
    method: "POST",
    path: () => "/api/auth/change-password",
    body: () => ({ currentPassword: "not-the-password", newPassword: "a-new-long-password" }),
    expect: { ...read, owner: 400, other: 400, admin: 400, key: 403, adminKey: 403 },
  },
  {
    name: "list your sessions",
    method: "GET",
    path: () => "/api/auth/sessions",
    expect: { ...read, key: 403, adminKey: 403 },
  },
  {
    // Each caller has one open session (its own), so signing out the others leaves every credential working.
    name: "sign out your other sessions",
    method: "POST",
    path: () => "/api/auth/sessions/revoke-others",
    expect: { ...read, key: 403, adminKey: 403 },
  },
  { name: "current user", method: "GET", path: () => "/api/auth/user", expect: read },
  {
    name: "logout",
    method: "POST",
    path: () => "/api/auth/logout",
    after: restoreCredentials,
    expect: { ...read, out: 200, inactive: 200, oldKey: 200 },
  },
  {
    name: "oauth providers",
    method: "GET",
    path: () => "/api/auth/providers",
    expect: everyone,
  },
  { name: "latest recommendations", method: "GET", path: () => "/api/recommendations/latest", expect: read },
  {
    name: "historical recommendations",
    method: "GET",
    path: () => "/api/recommendations/historical",
    expect: read,
  },
  { name: "track record", method: "GET", path: () => "/api/recommendations/performance", expect: read },
  // Public (decision 144): the whole record and the model card, nobody's own data.
  {
    name: "public track record",
    method: "GET",
    path: () => "/api/recommendations/track-record",
    expect: everyone,
  },
  {
    name: "one recommendation",
    method: "GET",
    path: (c) => `/api/recommendations/${c.recommendationId}`,
    expect: read,
  },
  {
    name: "post recommendation",
    method: "POST",
    path: () => "/api/recommendations?recommendationDate=2023-10-02",
    body: () => ({
      symbol: "AAPL",
      buyPrice: 1,
      sellTarget: 2,
      confidence: 50,
      estimatedDate: "2023-12-01",
      reason: "x",
    }),
    expect: { ...adminOnly, admin: 201 },
  },
  {
    name: "delete one recommendation",
    method: "DELETE",
    path: (c) => `/api/recommendations/by-id/${c.spareRecommendationId}`,
    before: async () => {
      await t.deps.database.db
        .delete(recommendations)
        .where(eq(recommendations.recommendationDate, "2023-08-01"));
      const posted = await t.request("/api/recommendations?recommendationDate=2023-08-01", {
        method: "POST",
        token: credentials.admin,
        json: {
          symbol: "AAPL",
          buyPrice: 1,
          sellTarget: 2,
          confidence: 50,
          estimatedDate: "2023-12-01",
          reason: "x",
        },
      });
      ctx.spareRecommendationId = (
        (await posted.json()) as { recommendation: { id: number } }
      ).recommendation.id;
    },
    expect: adminOnly,
  },
  {
    name: "delete recommendations",
    method: "DELETE",
    path: () => "/api/recommendations/2023-10-02",
    expect: adminOnly,
  },
  { name: "watchlist", method: "GET", path: () => "/api/watchlist", expect: read },
  {
    name: "add to the watchlist",
    method: "POST",
    path: () => "/api/watchlist",
    body: () => ({ symbol: "MSFT" }),
    after: () => t.deps.database.db.delete(watchlistItems).where(eq(watchlistItems.symbol, "MSFT")).then(),
    expect: { ...read, owner: 201, other: 201, admin: 201, key: 201, adminKey: 201 },
  },
  {
    name: "delete a watchlist item",
    method: "DELETE",
    path: (c) => `/api/watchlist/${c.spareItemId}`,
    before: async () => {
      await t.deps.database.db.delete(watchlistItems).where(eq(watchlistItems.symbol, "MSFT"));
      const added = await t.request("/api/watchlist", {
        method: "POST",
        token: credentials.owner,
        json: { symbol: "MSFT" },
      });
      ctx.spareItemId = ((await added.json()) as { id: number }).id;
    },
    expect: ownItem,
  },
  {
    name: "edit watchlist item",
    method: "PATCH",
    path: (c) => `/api/watchlist/${c.itemId}`,
    body: () => ({ targetChangePercent: 12 }),
    expect: ownItem,
  },
  { name: "analysis history", method: "GET", path: () => "/api/insights/history", expect: read },
  { name: "price history", method: "GET", path: () => "/api/market/history/AAPL", expect: read },
  { name: "symbol search", method: "GET", path: () => "/api/market/symbols?q=app", expect: read },
  {
    name: "market status",
    method: "GET",
    path: () => "/api/market/status",
    expect: everyone,
  },
  { name: "earnings calendar", method: "GET", path: () => "/api/earnings-calendar", expect: read },
  { name: "pre-registered test", method: "GET", path: () => "/api/preregistration", expect: everyone },
  { name: "notification settings", method: "GET", path: () => "/api/notifications", expect: read },
  {
    name: "update notification settings",
    method: "PUT",
    path: () => "/api/notifications",
    body: () => ({ emailAlerts: false, webhookUrl: null }),
    expect: read,
  },
  {
    name: "analyze a symbol",
    method: "POST",
    path: () => "/api/insights/analyze",
    body: () => ({ symbol: "AAPL" }),
    expect: { ...read, owner: 201, other: 201, admin: 201, key: 201, adminKey: 201 },
  },
  {
    name: "generate recommendations",
    method: "POST",
    path: () => "/api/recommendations/generate",
    expect: adminOnly,
  },
  { name: "alert events", method: "GET", path: () => "/api/notifications/events", expect: read },
  { name: "fired alerts", method: "GET", path: () => "/api/notifications/alerts", expect: read },
  {
    // Marks the caller's own alerts only, whatever id it names.
    name: "mark alerts seen",
    method: "POST",
    path: () => "/api/notifications/alerts/seen",
    body: () => ({ throughId: 1_000_000 }),
    expect: read,
  },
  {
    // The owner's alert, by session or key; to anyone else it does not exist.
    name: "dismiss an alert",
    method: "DELETE",
    path: (c) => `/api/notifications/alerts/${c.alertId}`,
    before: async () => {
      const [event] = await t.deps.database.db
        .insert(alertEvents)
        .values({
          userId: ctx.ownerId,
          symbol: "AAPL",
          price: 110,
          changePercent: 10,
          threshold: 10,
          createdAt: new Date(),
        })
        .returning({ id: alertEvents.id });
      ctx.alertId = event!.id;
    },
    expect: ownItem,
  },
  { name: "admin: users", method: "GET", path: () => "/api/admin/users", expect: adminOnly },
  {
    name: "admin: sessions",
    method: "GET",
    path: (c) => `/api/admin/users/${c.targetUserId}/sessions`,
    expect: adminOnly,
  },
  {
    name: "admin: status",
    method: "PATCH",
    path: (c) => `/api/admin/users/${c.targetUserId}/status`,
    body: () => ({ isActive: true }),
    expect: adminOnly,
  },
  {
    name: "admin: delete a user",
    method: "DELETE",
    path: (c) => `/api/admin/users/${c.doomedUserId}`,
    before: async () => {
      ctx.doomedUserId = (await t.createUser()).id;
    },
    expect: adminOnly,
  },
  {
    name: "admin: end a session",
    method: "POST",
    path: (c) => `/api/admin/sessions/${c.spareSessionId}/end`,
    before: async () => {
      const u = await t.createUser();
      await t.signIn(u.email, PASSWORD);
      const list = (await (
        await t.request(`/api/admin/users/${u.id}/sessions`, { token: credentials.admin })
      ).json()) as Array<{ id: number }>;
      ctx.spareSessionId = list[0]!.id;
    },
    expect: adminOnly,
  },
  {
    name: "admin: role",
    method: "PATCH",
    path: (c) => `/api/admin/users/${c.targetUserId}/role`,
    body: () => ({ isAdmin: false }),
    expect: adminOnly,
  },
  {
    name: "admin: reset a password",
    method: "POST",
    path: (c) => `/api/admin/users/${c.doomedUserId}/reset-password`,
    before: async () => {
      ctx.doomedUserId = (await t.createUser()).id;
    },
    expect: adminOnly,
  },
  { name: "admin: mail outbox", method: "GET", path: () => "/api/admin/outbox", expect: adminOnly },
  { name: "liveness", method: "GET", path: () => "/api/health", expect: everyone },
  { name: "readiness", method: "GET", path: () => "/api/ready", expect: everyone },
  { name: "load balancer health", method: "GET", path: () => "/health", expect: everyone },
  { name: "API document", method: "GET", path: () => "/api/openapi.json", expect: everyone },
  { name: "API reference page", method: "GET", path: () => "/api/reference", expect: everyone },
  { name: "sign-in redirect", method: "GET", path: () => "/api/login", expect: everyoneGets(302) },
  {
    // Only METRICS_TOKEN opens it: no session or API key does, an admin's included. Workers serve no metrics.
    name: "metrics",
    method: "GET",
    path: () => "/metrics",
    expect: everyoneGets(inProcess ? 401 : 404),
  },
];

const PASSWORD = "correct-horse-battery";
let t: TestApp;
let ctx: Ctx;
const credentials = {} as Record<Exclude<Caller, "out">, string>;

beforeAll(async () => {
  t = await startTestApp({ metricsToken: "metrics-token-of-the-scraper" }, { mailOutbox: true });
  // The Worker reads the real time: codes the test issues must live by it.
  if (!inProcess) t.clock.advance(Date.now() - t.clock.now().getTime());
  const [owner, other, inactive, admin, target] = await Promise.all([
    t.createUser({ email: "owner@example.com" }),
    t.createUser({ email: "other@example.com" }),
    t.createUser({ email: "inactive@example.com" }),
    t.createUser({ email: "admin@example.com", isAdmin: true }),
    t.createUser({ email: "target@example.com" }),
  ]);
  credentials.owner = await t.signIn(owner.email, PASSWORD);
  credentials.other = await t.signIn(other.email, PASSWORD);
  credentials.inactive = await t.signIn(inactive.email, PASSWORD);
  credentials.admin = await t.signIn(admin.email, PASSWORD);
  credentials.oldKey = await apiKeyOf(credentials.other);
  await t.request("/api/auth/regenerate-api-key", { method: "POST", token: credentials.other });
  await restoreCredentials("out");
  await t.deps.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2022-01-01" });
  const item = (await (
    await t.request("/api/watchlist", { method: "POST", token: credentials.owner, json: { symbol: "AAPL" } })
  ).json()) as {
    id: number;
  };
  const posted = (await (
    await t.request("/api/recommendations?recommendationDate=2023-09-01", {
      method: "POST",
      token: credentials.admin,
      json: {
        symbol: "MSFT",
        buyPrice: 1,
        sellTarget: 2,
        confidence: 50,
        estimatedDate: "2023-12-01",
        reason: "x",
      },
    })
  ).json()) as { recommendation: { id: number } };
  ctx = {
    recommendationId: posted.recommendation.id,
    spareRecommendationId: 0,
    ownerId: owner.id,
    itemId: item.id,
    targetUserId: target.id,
    spareItemId: 0,
    doomedUserId: 0,
    spareSessionId: 0,
    ownerCode: "",
    alertId: 0,
  };
});
afterAll(() => t.close());

/** Routes with no row, each with why (a route only some callers reach would need a row). */
const NO_ROW: Record<string, string> = {};

/** "METHOD /path/:param" of every route the app serves: its OpenAPI document, and its route list for the rest. */
async function servedRoutes(): Promise<string[]> {
  const doc = (await (await t.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
  );
  // Middleware is registered for ALL methods; only a route's own method is an endpoint.
  const registered = t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  return [...new Set([...documented, ...registered])].sort();
}

test("every route the app serves has a row in the matrix, or a reason it has none", async () => {
  const served = await servedRoutes();
  const router = new PatternRouter<string>();
  for (const route of served) {
    const [method, path] = route.split(" ") as [string, string];
    router.add(method, path, route);
  }
  const covered = new Set(Object.keys(NO_ROW));
  for (const row of ROWS) {
    const path = new URL(row.path(ctx), "http://matrix").pathname;
    for (const [route] of router.match(row.method, path)[0]) covered.add(route);
  }
  expect(served.filter((route) => !covered.has(route))).toEqual([]);
  expect(Object.keys(NO_ROW).filter((route) => !served.includes(route))).toEqual([]);
});

describe(`authorization matrix (${targetName})`, () => {
  for (const row of ROWS) {
    test(`${row.method} ${row.name}`, async () => {
      const got: Record<string, number> = {};
      for (const caller of Object.keys(row.expect) as Caller[]) {
        await row.before?.(caller);
        const res = await t.request(row.path(ctx), {
          method: row.method,
          token: caller === "out" ? undefined : credentials[caller],
          json: row.body?.(ctx),
        });
        got[caller] = res.status;
        await row.after?.(caller);
        expect(res.status).toBeLessThan(500);
      }
      expect(got).toEqual(row.expect);
    });
  }
});
