import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, startTestApp, type TestApp } from "../test/harness.ts";
import { SESSION_COOKIE } from "./auth.ts";

// Finding: the bodiless POSTs (logout, regenerate-api-key, recommendations/generate) acted on a cross-site form
// post that carried the session cookie. SameSite=Lax still sends it from a sibling subdomain (same site).
let t: TestApp;
const password = "cross-site-password";
let adminEmail = "";

beforeAll(async () => {
  t = await startTestApp({ trustProxy: false });
  adminEmail = (await t.createUser({ isAdmin: true, password })).email;
});
afterAll(() => t.close());

/** A signed-in browser's cookie, as the sign-in answer set it. */
async function sessionCookie(): Promise<string> {
  const res = await t.request("/api/auth/signin", { method: "POST", json: { email: adminEmail, password } });
  const cookie = /sb_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  if (!cookie) throw new Error("sign-in set no cookie");
  return cookie;
}

const post = (path: string, headers: Record<string, string>) => t.request(path, { method: "POST", headers });
const stillSignedIn = async (cookie: string) =>
  (await t.request("/api/auth/user", { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } })).status === 200;

const endpoints = ["/api/auth/logout", "/api/auth/regenerate-api-key", "/api/recommendations/generate"];

describe("cross-site writes with the session cookie are refused", () => {
  for (const path of endpoints) {
    test(`${path}: a cross-site form post (Sec-Fetch-Site) answers 403 JSON and changes nothing`, async () => {
      const cookie = await sessionCookie();
      for (const site of ["cross-site", "same-site"]) {
        const res = await post(path, {
          cookie: `${SESSION_COOKIE}=${cookie}`,
          "sec-fetch-site": site,
          origin: "https://evil.example",
          "content-type": "application/x-www-form-urlencoded",
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: "CROSS_SITE" });
      }
      expect(await stillSignedIn(cookie)).toBe(true);
    });
  }

  test("a browser without Sec-Fetch-Site: a foreign Origin (or `null`) is refused, our own passes", async () => {
    const cookie = await sessionCookie();
    for (const origin of ["https://evil.example", "null", "https://localhost"]) {
      const res = await post("/api/auth/regenerate-api-key", {
        cookie: `${SESSION_COOKIE}=${cookie}`,
        origin,
      });
      expect(res.status).toBe(403);
    }
    const own = await post("/api/auth/regenerate-api-key", {
      cookie: `${SESSION_COOKIE}=${cookie}`,
      origin: "http://localhost",
    });
    expect(own.status).toBe(200);
  });

  test("the SPA's own calls (same-origin) act as before", async () => {
    const cookie = await sessionCookie();
    const headers = { cookie: `${SESSION_COOKIE}=${cookie}`, "sec-fetch-site": "same-origin" };
    const key = await post("/api/auth/regenerate-api-key", headers);
    expect(key.status).toBe(200);
    // No market is configured here: the handler itself answers, not the cross-site check.
    const generate = await post("/api/recommendations/generate", headers);
    expect(generate.status).toBe(503);
    expect((await post("/api/auth/logout", headers)).status).toBe(200);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  test("bearer-token and API-key calls are not affected, even marked cross-site", async () => {
    const token = await t.signIn(adminEmail, password);
    const crossSite = { "sec-fetch-site": "cross-site", origin: "https://tool.example" };
    const keyRes = t.api({ token, headers: crossSite }).auth["regenerate-api-key"].$post();
    const { apiKey } = await bodyOf(keyRes, 200);
    const withKey = await t.request("/api/auth/regenerate-api-key", {
      method: "POST",
      token: apiKey,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(withKey.status).toBe(200);
    const logout = await t.request("/api/auth/logout", {
      method: "POST",
      token,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(logout.status).toBe(200);
  });

  test("an Authorization header that does not sign in (Basic, a stale token) does not lift the check", async () => {
    const cookie = await sessionCookie();
    for (const authorization of ["Basic eDp4", "Bearer not-a-session-token", "Bearer sbk_not-a-key"]) {
      const res = await post("/api/auth/regenerate-api-key", {
        cookie: `${SESSION_COOKIE}=${cookie}`,
        authorization,
        "sec-fetch-site": "same-site",
        origin: "https://evil.example",
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "CROSS_SITE" });
    }
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  test("reads stay open cross-site (a link from elsewhere still loads)", async () => {
    const cookie = await sessionCookie();
    const res = await t.request("/api/auth/user", {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}`, "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(200);
  });
});
