import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../middleware/auth.ts";
import { PRIVATE_NO_STORE, PUBLIC_MAX_AGE } from "../middleware/private-answers.ts";
import { startTestApp, type TestApp, targetName, uniqueEmail } from "../test/harness.ts";

// Answers that carry credentials or personal data are never stored by a browser or a proxy: every route the app
// registers (read from the app itself, so a new route is covered the day it is added), called with a bearer token
// and with the session cookie, answers `Cache-Control: private, no-store` whatever its status; so does everything under
// /api/auth/, signed in or not. Public reads without a credential keep their own caching (decision note 087).
let t: TestApp;
const PASSWORD = "correct-horse-battery";
let token: string;
let cookie: string;

const PARAMS: Record<string, string> = { symbol: "AAPL", date: "2023-10-02", provider: "github" };
/** The registered API routes, path parameters filled in; logout last, as it ends the session. */
function apiRoutes(): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const routes = t.app.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"))
    .map((r) => ({
      method: r.method,
      path: r.path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? "999999"),
    }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
  return routes.sort((a, b) => Number(a.path === "/api/auth/logout") - Number(b.path === "/api/auth/logout"));
}

const noStore = (res: Response) => res.headers.get("cache-control") ?? "";

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.createUser({ isAdmin: true, password: PASSWORD });
  token = await t.signIn(admin.email, PASSWORD);
  const res = await t.request("/api/auth/signin", {
    method: "POST",
    json: { email: admin.email, password: PASSWORD },
  });
  cookie = /sb_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
}, 60_000);
afterAll(() => t.close());

describe(`Cache-Control on private answers (${targetName})`, () => {
  test("sign-in, registration and the account's reads answer no-store", async () => {
    const email = uniqueEmail("no-store");
    const register = await t.request("/api/auth/register", {
      method: "POST",
      json: { email, password: PASSWORD, firstName: "Nora", lastName: "Store" },
    });
    expect(register.status).toBe(201);
    expect(noStore(register)).toBe(PRIVATE_NO_STORE);
    const signIn = await t.request("/api/auth/signin", {
      method: "POST",
      json: { email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect(noStore(signIn)).toBe(PRIVATE_NO_STORE);
    const wrong = await t.request("/api/auth/signin", {
      method: "POST",
      json: { email, password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(noStore(wrong)).toBe(PRIVATE_NO_STORE);
    for (const path of ["/api/auth/user", "/api/watchlist", "/api/notifications", "/api/insights/history"]) {
      const res = await t.request(path, { token });
      expect(res.status).toBe(200);
      expect(`${path} ${noStore(res)}`).toBe(`${path} ${PRIVATE_NO_STORE}`);
    }
    const key = await t.request("/api/auth/regenerate-api-key", { method: "POST", token });
    expect(key.status).toBe(200);
    expect(noStore(key)).toBe(PRIVATE_NO_STORE);
  });

  test("every registered API route answers no-store to a bearer token and to the session cookie", async () => {
    const missing: string[] = [];
    for (const credential of ["cookie", "bearer"] as const) {
      for (const { method, path } of apiRoutes()) {
        const res = await t.request(path, {
          method,
          redirect: "manual",
          ...(method === "GET" ? {} : { json: {} }),
          ...(credential === "bearer"
            ? { token }
            : { headers: { cookie: `${SESSION_COOKIE}=${cookie}`, "sec-fetch-site": "same-origin" } }),
        });
        await res.arrayBuffer();
        if (noStore(res) !== PRIVATE_NO_STORE)
          missing.push(`${credential} ${method} ${path} ${res.status}: ${noStore(res)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("everything under /api/auth/ answers no-store to anyone", async () => {
    const missing: string[] = [];
    for (const { method, path } of apiRoutes().filter((r) => r.path.startsWith("/api/auth/"))) {
      const res = await t.request(path, {
        method,
        redirect: "manual",
        ...(method === "GET" ? {} : { json: {} }),
      });
      await res.arrayBuffer();
      if (noStore(res) !== PRIVATE_NO_STORE) missing.push(`${method} ${path} ${res.status}: ${noStore(res)}`);
    }
    expect(missing).toEqual([]);
  });

  test("public reads without a credential keep their own caching", async () => {
    for (const path of ["/api/market/status", "/api/openapi.json", "/api/health"]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(noStore(res)).not.toContain("no-store");
    }
    // The Track Record's reads are the same for everyone: any cache may keep them a minute (decision 144).
    for (const path of ["/api/recommendations/track-record", "/api/preregistration"]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(`${path} ${noStore(res)}`).toBe(`${path} ${PUBLIC_MAX_AGE}`);
    }
  });
});
