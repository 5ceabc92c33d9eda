import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../../db/schema/index.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind, uniqueEmail } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct-horse-battery";

async function expectError(res: Response, status: number, messagePart?: string) {
  expect(await res.clone().text()).not.toMatch(/\.(ts|js):\d+/);
  const body = await errorOf(res, status);
  if (messagePart) expect(body.message).toContain(messagePart);
  return body;
}

describe(`auth on ${testDbKind}`, () => {
  test("register creates the account, signs it in and hides the password", async () => {
    const email = uniqueEmail("reg");
    const res = await t.api().auth.register.$post({
      json: { email: email.toUpperCase(), password: PASSWORD, firstName: "Ada", lastName: "Lovelace" },
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("sb_session=");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const body = await bodyOf(res, 201);
    expect(body.user.email).toBe(email);
    expect(body.user.firstName).toBe("Ada");
    expect(body.user.isAdmin).toBe(false);
    expect(String(body.user.apiKey)).toStartWith("sbk_");
    expect(body.user).not.toHaveProperty("passwordHash");

    const row = await t.deps.database.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(row?.passwordHash).toStartWith("$argon2id$");
    expect(row?.apiKeyHash).not.toContain(String(body.user.apiKey));
    expect(row?.apiKeyCiphertext).not.toContain(String(body.user.apiKey));
  });

  test("register: first and last name are optional; duplicate email is a 409", async () => {
    const email = uniqueEmail("dup");
    const first = await t.request("/api/auth/register", {
      method: "POST",
      json: { email, password: PASSWORD },
    });
    expect(first.status).toBe(201);
    const again = await t.request("/api/auth/register", {
      method: "POST",
      json: { email, password: PASSWORD },
    });
    await expectError(again, 409, "already exists");
  });

  test("register rejects bad input with a readable 400", async () => {
    await expectError(await t.request("/api/auth/register", { method: "POST", json: {} }), 400, "email");
    await expectError(
      await t.request("/api/auth/register", { method: "POST", json: { email: " ", password: PASSWORD } }),
      400,
      "Email is required.",
    );
    await expectError(
      await t.request("/api/auth/register", {
        method: "POST",
        json: { email: "not-an-email", password: PASSWORD },
      }),
      400,
      "valid email",
    );
    await expectError(
      await t.request("/api/auth/register", {
        method: "POST",
        json: { email: uniqueEmail(), password: "short" },
      }),
      400,
      "at least 8",
    );
    await expectError(
      await t.request("/api/auth/register", { method: "POST", json: { email: 42, password: ["x"] } }),
      400,
    );
  });

  test("sign-in answers the user with an authToken, and the token and cookie both authenticate", async () => {
    const user = await t.createUser({ firstName: "Grace" });
    const res = await t.api().auth.signin.$post({ json: { email: user.email, password: PASSWORD } });
    const body = await bodyOf(res, 200);
    const authToken = body.user.authToken!;
    expect(body.user.email).toBe(user.email);
    expect(authToken.length).toBeGreaterThanOrEqual(22);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;

    const viaBearer = t.api(authToken).auth.user.$get();
    expect((await bodyOf(viaBearer, 200)).firstName).toBe("Grace");
    const viaCookie = await t.api({ headers: { cookie } }).auth.user.$get();
    expect(viaCookie.status).toBe(200);

    const stored = await t.deps.database.db.query.sessions.findMany({ where: eq(sessions.userId, user.id) });
    expect(stored.some((s) => s.tokenHash === authToken)).toBe(false);
  });

  test("unknown email and wrong password give the same 401", async () => {
    const user = await t.createUser();
    const wrong = await expectError(
      await t.request("/api/auth/signin", {
        method: "POST",
        json: { email: user.email, password: "nope-nope" },
      }),
      401,
    );
    const unknown = await expectError(
      await t.request("/api/auth/signin", {
        method: "POST",
        json: { email: uniqueEmail("ghost"), password: "x" },
      }),
      401,
    );
    expect(wrong).toEqual(unknown);
  });

  test("sign-in validation: missing fields, wrong types, malformed JSON, oversize body", async () => {
    await expectError(
      await t.request("/api/auth/signin", { method: "POST", json: { email: "a@b.co" } }),
      400,
    );
    await expectError(
      await t.request("/api/auth/signin", { method: "POST", json: { email: 1, password: 2 } }),
      400,
    );
    await expectError(
      await t.request("/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"email": "a@b.co", "password": ',
      }),
      400,
      "Malformed JSON",
    );
    const huge = JSON.stringify({ email: "a@b.co", password: "x".repeat(1024 * 1024) });
    await expectError(
      await t.request("/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: huge,
      }),
      413,
      "too large",
    );
  });

  test("an inactive account cannot sign in, and its sessions and API key stop working", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, PASSWORD);
    const me = await bodyOf(t.api(token).auth.user.$get(), 200);
    expect((await t.api(me.apiKey).auth.user.$get()).status).toBe(200);

    await t.deps.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));

    const body = await expectError(
      await t.request("/api/auth/signin", {
        method: "POST",
        json: { email: user.email, password: PASSWORD },
      }),
      403,
      "ACCOUNT_INACTIVE",
    );
    expect(body.code).toBe("ACCOUNT_INACTIVE");
    await expectError(await t.request("/api/auth/user", { token }), 401, "Unauthorized");
    await expectError(await t.request("/api/auth/user", { token: me.apiKey }), 401, "Unauthorized");
  });

  test("logout ends the session; the same token is refused afterwards", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, PASSWORD);
    const out = await t.request("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("sb_session=;");
    await expectError(await t.request("/api/auth/user", { token }), 401, "Unauthorized");
    const [row] = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.endTime).toBeInstanceOf(Date);
    // Signing out twice, or signed out, is harmless.
    expect((await t.request("/api/auth/logout", { method: "POST", token })).status).toBe(200);
  });

  test("a session expires after 30 idle minutes but activity keeps it alive", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, PASSWORD);
    t.clock.advance(20 * 60_000);
    expect((await t.request("/api/auth/user", { token })).status).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await t.request("/api/auth/user", { token })).status).toBe(200);
    t.clock.advance(31 * 60_000);
    await expectError(await t.request("/api/auth/user", { token }), 401, "Unauthorized");
    // And it stays dead even if activity resumes.
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
    const [row] = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.endTime).toBeInstanceOf(Date);
  });

  test("current user without credentials, or with garbage credentials, is 401", async () => {
    await expectError(await t.request("/api/auth/user"), 401, "Unauthorized");
    await expectError(await t.request("/api/auth/user", { token: "garbage" }), 401, "Unauthorized");
    await expectError(await t.request("/api/auth/user", { token: "sbk_garbage" }), 401, "Unauthorized");
    await expectError(await t.request("/api/auth/user", { headers: { authorization: "Basic abc" } }), 401);
  });

  test("unknown API paths answer a JSON 404", async () => {
    await expectError(await t.request("/api/nope"), 404, "No API route");
  });

  test("the OpenAPI document lists the auth endpoints with their request schemas", async () => {
    const doc = await t.openApi();
    expect(doc.openapi).toBe("3.1.0");
    for (const p of ["/api/auth/signin", "/api/auth/register", "/api/auth/logout", "/api/auth/user"]) {
      expect(doc.paths).toHaveProperty(p);
    }
    expect(JSON.stringify(doc.paths["/api/auth/signin"]?.post?.requestBody)).toContain("SignInInput");
  });
});

describe(`rate limits on ${testDbKind}`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ authRateLimit: { perIp: 5, perEmail: 3, windowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  test("per email: the fourth attempt within a minute is 429 with Retry-After, from any address", async () => {
    const user = await limited.createUser();
    for (let i = 0; i < 3; i++) {
      const res = await limited.request("/api/auth/signin", {
        method: "POST",
        ip: `10.0.0.${i}`,
        json: { email: user.email, password: "wrong-password" },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await limited.request("/api/auth/signin", {
      method: "POST",
      ip: "10.0.0.99",
      json: { email: user.email, password: PASSWORD },
    });
    await expectError(blocked, 429, "Too many attempts");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    limited.clock.advance(61_000);
    const later = await limited.request("/api/auth/signin", {
      method: "POST",
      ip: "10.0.0.100",
      json: { email: user.email, password: PASSWORD },
    });
    expect(later.status).toBe(200);
  });

  test("per client address: registration is limited too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await limited.request("/api/auth/register", {
        method: "POST",
        ip: "192.0.2.7",
        json: { email: uniqueEmail("burst"), password: PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
  });
});

test("the interactive API reference is served at /api/reference and points at the OpenAPI document", async () => {
  const t2 = await startTestApp();
  const res = await t2.request("/api/reference");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(await res.text()).toContain("/api/openapi.json");
  await t2.close();
});

test("/api/login forwards to the sign-in page", async () => {
  const t3 = await startTestApp();
  const res = await t3.request("/api/login");
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/signin");
  await t3.close();
});

test("regenerating the API key: the new key works, the old one fails on the very next request", async () => {
  const t4 = await startTestApp();
  const user = await t4.createUser();
  const token = await t4.signIn(user.email, PASSWORD);
  const before = await bodyOf(t4.api(token).auth.user.$get(), 200);
  expect((await t4.api(before.apiKey).auth.user.$get()).status).toBe(200);
  const answer = await bodyOf(t4.api(token).auth["regenerate-api-key"].$post(), 200);
  expect(answer.apiKey).not.toBe(before.apiKey);
  expect(Date.parse(answer.regeneratedAt)).toBeGreaterThan(0);
  expect((await t4.api(before.apiKey).auth.user.$get()).status).toBe(401);
  const me = await bodyOf(t4.api(answer.apiKey).auth.user.$get(), 200);
  expect(me.apiKey).toBe(answer.apiKey);
  expect((await t4.api().auth["regenerate-api-key"].$post()).status).toBe(401);
  await t4.close();
});

test("an admin's API key cannot perform admin actions (403 with a reason); the admin's session and token can", async () => {
  const t5 = await startTestApp();
  const admin = await t5.createUser({ isAdmin: true });
  const token = await t5.signIn(admin.email, PASSWORD);
  const { apiKey } = await bodyOf(t5.api(token).auth.user.$get(), 200);
  // The key still reads like the account (signed-in routes).
  expect((await t5.request("/api/recommendations/latest", { token: apiKey })).status).toBe(200);
  for (const [method, path] of [
    ["GET", "/api/admin/users"],
    ["DELETE", "/api/recommendations/2023-10-02"],
    ["POST", "/api/recommendations/generate"],
  ] as const) {
    const byKey = await t5.request(path, { method, token: apiKey });
    expect(byKey.status).toBe(403);
    expect(await byKey.json()).toEqual({
      message: "Forbidden: admin actions need a signed-in session; API keys cannot perform them.",
      code: "API_KEY_NOT_ALLOWED",
    });
  }
  expect((await t5.request("/api/admin/users", { token })).status).toBe(200);
  await t5.close();
});
