import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, errorOf, startTestApp, type TestApp, targetName, uniqueEmail } from "../test/harness.ts";

// What an API client reads beside the body, on every target (Bun + file, Bun + sqld, workerd + sqld): the 401's
// challenge and a message that fits the credential sent, 405 with Allow, and the rate-limit headers.
let t: TestApp;
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIp: 3, perEmail: 2, windowMs: 600_000 } });
}, 60_000);
afterAll(() => t.close());

async function expectUnauthorized(res: Response, message: RegExp, error: boolean) {
  expect(res.status).toBe(401);
  const challenge = res.headers.get("WWW-Authenticate") ?? "";
  expect(challenge).toStartWith('Bearer realm="signalboard"');
  if (error) expect(challenge).toContain('error="invalid_token"');
  else expect(challenge).not.toContain("error=");
  const body = await errorOf(res, 401);
  // The web client recognises a 401 by "Unauthorized" in the message.
  expect(body.message).toStartWith("Unauthorized");
  expect(body.message).toMatch(message);
  expect(body.code).toBe("UNAUTHORIZED");
  return body.message;
}

describe(`401: WWW-Authenticate and a message for the credential sent (${targetName})`, () => {
  test("no credential: sign in", async () => {
    await expectUnauthorized(await t.request("/api/watchlist"), /please sign in/, false);
  });

  test("an unknown or revoked API key is told the key is invalid or revoked, not to sign in", async () => {
    await expectUnauthorized(
      await t.request("/api/watchlist", { token: "sbk_nosuchkey" }),
      /API key is invalid or has been revoked/,
      true,
    );
    const user = await t.createUser({ email: uniqueEmail("key") });
    const token = await t.signIn(user.email, PASSWORD);
    const { apiKey } = await bodyOf(t.api(token).auth.user.$get(), 200);
    expect((await t.api(apiKey).watchlist.$get()).status).toBe(200);
    await t.request("/api/auth/regenerate-api-key", { method: "POST", token });
    const revoked = await expectUnauthorized(
      await t.request("/api/recommendations/latest", { token: apiKey }),
      /API key is invalid or has been revoked/,
      true,
    );
    expect(revoked).not.toContain("sign in");
    // The admin-only routes answer the same way.
    await expectUnauthorized(
      await t.request("/api/admin/users", { token: apiKey }),
      /API key is invalid or has been revoked/,
      true,
    );
  });

  test("an ended session (token or cookie) is told to sign in again", async () => {
    const user = await t.createUser({ email: uniqueEmail("session") });
    const token = await t.signIn(user.email, PASSWORD);
    await t.request("/api/auth/logout", { method: "POST", token });
    await expectUnauthorized(
      await t.request("/api/watchlist", { token }),
      /session has expired.*sign in again/,
      true,
    );
    await expectUnauthorized(
      await t.request("/api/auth/user", { headers: { cookie: `sb_session=${token}` } }),
      /session has expired.*sign in again/,
      true,
    );
  });

  test("a 401 a route answers itself (wrong password) carries the challenge too", async () => {
    const user = await t.createUser({ email: uniqueEmail("wrong") });
    const res = await t.request("/api/auth/signin", {
      method: "POST",
      json: { email: user.email, password: "not-the-password" },
      ip: "203.0.113.50",
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="signalboard"');
  });
});

describe(`405 with Allow on a wrong method (${targetName})`, () => {
  const cases: Array<[string, string, string]> = [
    ["PUT", "/api/auth/user", "GET, HEAD"],
    ["PUT", "/api/recommendations/2023-10-27", "GET, HEAD, DELETE"],
    ["GET", "/api/auth/signin", "POST"],
    ["PUT", "/api/watchlist/5", "PATCH, DELETE"],
    ["PATCH", "/api/watchlist", "GET, HEAD, POST"],
    ["POST", "/api/openapi.json", "GET, HEAD"],
  ];
  for (const [method, path, allow] of cases) {
    test(`${method} ${path} answers 405, Allow: ${allow}`, async () => {
      const res = await t.request(path, { method });
      expect(res.headers.get("Allow")).toBe(allow);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = await errorOf(res, 405);
      expect(body.code).toBe("METHOD_NOT_ALLOWED");
      expect(body.message).toContain(method);
      expect(body.message).toContain(allow);
    });
  }

  test("a path no route has is still 404 under any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await t.request("/api/nosuchthing", { method });
      expect(res.headers.get("Allow")).toBeNull();
      expect((await errorOf(res, 404)).code).toBe("NOT_FOUND");
    }
  });
});

describe(`rate-limit headers where a limit applies (${targetName})`, () => {
  test("sign-in attempts: the tightest limit's RateLimit-*, then 429 with Retry-After", async () => {
    const user = await t.createUser({ email: uniqueEmail("limits") });
    const attempt = () =>
      t.request("/api/auth/signin", {
        method: "POST",
        json: { email: user.email, password: "wrong-password-here" },
        ip: "198.51.100.7",
      });
    const first = await attempt();
    expect(first.status).toBe(401);
    // Per address 3, per email 2: the email's limit is the one that will refuse first.
    expect(first.headers.get("RateLimit-Limit")).toBe("2");
    expect(first.headers.get("RateLimit-Remaining")).toBe("1");
    const reset = Number(first.headers.get("RateLimit-Reset"));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(600);
    expect(first.headers.get("Retry-After")).toBeNull();
    expect((await attempt()).headers.get("RateLimit-Remaining")).toBe("0");
    const refused = await attempt();

    expect(refused.headers.get("RateLimit-Limit")).toBe("2");
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await errorOf(refused, 429)).code).toBe("RATE_LIMITED");
  });

  test("analyses: the per-user minute limit in RateLimit-*", async () => {
    const user = await t.createUser({ email: uniqueEmail("analyze") });
    const token = await t.signIn(user.email, PASSWORD);
    const res = await t.request("/api/insights/analyze", { method: "POST", token, json: { symbol: "AAPL" } });
    expect(res.headers.get("RateLimit-Limit")).toBe("30");
    expect(res.headers.get("RateLimit-Remaining")).toBe("29");
    expect(Number(res.headers.get("RateLimit-Reset"))).toBeLessThanOrEqual(60);
  });
});
