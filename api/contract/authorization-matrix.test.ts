import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { startTestApp, type TestApp, targetName } from "../test/harness.ts";

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
}
interface Ctx {
  ownerId: number;
  itemId: number;
  targetUserId: number;
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

const ROWS: Row[] = [
  { name: "current user", method: "GET", path: () => "/api/auth/user", expect: read },
  {
    name: "logout",
    method: "POST",
    path: () => "/api/auth/logout",
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
    name: "delete recommendations",
    method: "DELETE",
    path: () => "/api/recommendations/2023-10-02",
    expect: adminOnly,
  },
  { name: "watchlist", method: "GET", path: () => "/api/watchlist", expect: read },
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
  { name: "admin: mail outbox", method: "GET", path: () => "/api/admin/outbox", expect: adminOnly },
];

const PASSWORD = "correct-horse-battery";
let t: TestApp;
let ctx: Ctx;
const credentials = {} as Record<Exclude<Caller, "out">, string>;

beforeAll(async () => {
  t = await startTestApp();
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
  const key = (token: string) =>
    t.request("/api/auth/user", { token }).then((r) => r.json() as Promise<{ apiKey: string }>);
  credentials.oldKey = (await key(credentials.other)).apiKey;
  await t.request("/api/auth/regenerate-api-key", { method: "POST", token: credentials.other });
  credentials.key = (await key(credentials.owner)).apiKey;
  credentials.adminKey = (await key(credentials.admin)).apiKey;
  await t.deps.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
  await t.useDemoMarket({ symbols: ["AAPL"], from: "2022-01-01" });
  const item = (await (
    await t.request("/api/watchlist", { method: "POST", token: credentials.owner, json: { symbol: "AAPL" } })
  ).json()) as {
    id: number;
  };
  ctx = { ownerId: owner.id, itemId: item.id, targetUserId: target.id };
});
afterAll(() => t.close());

describe(`authorization matrix (${targetName})`, () => {
  for (const row of ROWS) {
    test(`${row.method} ${row.name}`, async () => {
      const got: Record<string, number> = {};
      for (const caller of Object.keys(row.expect) as Caller[]) {
        const res = await t.request(row.path(ctx), {
          method: row.method,
          token: caller === "out" ? undefined : credentials[caller],
          json: row.body?.(ctx),
        });
        got[caller] = res.status;
        // A session that logs out is gone; sign the caller back in for the next rows.
        if (
          row.name === "logout" &&
          caller !== "out" &&
          caller !== "key" &&
          caller !== "adminKey" &&
          caller !== "oldKey" &&
          caller !== "inactive"
        ) {
          credentials[caller] = await t.signIn(
            `${caller === "owner" ? "owner" : caller}@example.com`,
            PASSWORD,
          );
        }
        expect(res.status).toBeLessThan(500);
      }
      expect(got).toEqual(row.expect);
    });
  }
});
