import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

let t: TestApp;
const PASSWORD = "correct-horse-battery";
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1";

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signInWith(email: string, password: string, userAgent: string, ip = "198.51.100.30") {
  const res = t
    .api({ ip, headers: { "user-agent": userAgent } })
    .auth.signin.$post({ json: { email, password } });
  const { user } = await bodyOf(res, 200);
  return { ...user, authToken: user.authToken! };
}
const changePassword = (token: string, json: { currentPassword: string; newPassword: string }) =>
  t.api(token).auth["change-password"].$post({ json });
const status = async (token: string) => (await t.request("/api/auth/user", { token })).status;

describe(`changing the password while signed in (${testDbKind})`, () => {
  test("a wrong current password: 400 with a message, and nothing changes", async () => {
    const user = await t.createUser();
    const me = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const other = await signInWith(user.email, PASSWORD, IPHONE_SAFARI);
    const res = await changePassword(me.authToken, {
      currentPassword: "not-my-password",
      newPassword: "a-brand-new-password",
    });
    expect(await bodyOf(res, 400)).toEqual({
      message: "Your current password is wrong.",
      code: "WRONG_PASSWORD",
    });
    expect(await status(other.authToken)).toBe(200);
    expect(await status(me.apiKey)).toBe(200);
    expect(await t.signIn(user.email, PASSWORD)).toBeString();
  });

  test("a new password shorter than 8 characters, or a missing field: 400 saying why", async () => {
    const user = await t.createUser();
    const me = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const weak = await changePassword(me.authToken, { currentPassword: PASSWORD, newPassword: "short" });
    expect((await bodyOf(weak, 400)).message).toContain("Password must be at least 8 characters.");
    const missing = await t.request("/api/auth/change-password", {
      method: "POST",
      token: me.authToken,
      json: { newPassword: "a-brand-new-password" },
    });
    expect(missing.status).toBe(400);
    expect(await t.signIn(user.email, PASSWORD)).toBeString();
  });

  test("success ends every other session, replaces the API key, keeps this session; the new password signs in", async () => {
    const user = await t.createUser();
    const me = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const other = await signInWith(user.email, PASSWORD, IPHONE_SAFARI, "203.0.113.31");
    const res = await changePassword(me.authToken, {
      currentPassword: PASSWORD,
      newPassword: "a-brand-new-password",
    });
    expect((await bodyOf(res, 200)).message).toBe(
      "Password changed. Your other sessions were signed out and your API key was replaced.",
    );
    expect(await status(other.authToken)).toBe(401);
    expect(await status(me.authToken)).toBe(200);
    expect(await status(me.apiKey)).toBe(401);
    const fresh = await bodyOf(t.api(me.authToken).auth.user.$get(), 200);
    expect(fresh.apiKey).not.toBe(me.apiKey);
    expect(await status(fresh.apiKey)).toBe(200);
    const old = await t.request("/api/auth/signin", {
      method: "POST",
      json: { email: user.email, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    expect(await t.signIn(user.email, "a-brand-new-password")).toBeString();
  });

  test("an API key cannot change the password (403); signed out: 401", async () => {
    const user = await t.createUser();
    const me = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const byKey = await changePassword(me.apiKey, {
      currentPassword: PASSWORD,
      newPassword: "a-brand-new-password",
    });
    expect((await bodyOf(byKey, 403)).code).toBe("API_KEY_NOT_ALLOWED");
    const out = await changePassword("", { currentPassword: PASSWORD, newPassword: "a-brand-new-password" });
    expect(out.status).toBe(401);
    expect(await t.signIn(user.email, PASSWORD)).toBeString();
  });
});

describe(`changing the password is rate limited like sign-in (${testDbKind})`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ authRateLimit: { perIp: 30, perEmail: 3, windowMs: 600_000 } });
  });
  afterAll(() => limited.close());

  test("past the per-email limit, wrong guesses at the current password answer 429 with Retry-After", async () => {
    const user = await limited.createUser();
    const token = await limited.signIn(user.email, PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.request("/api/auth/change-password", {
        method: "POST",
        token,
        json: { currentPassword: `guess-${i}-password`, newPassword: "a-brand-new-password" },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe(`the account's sessions (${testDbKind})`, () => {
  test("lists the open sessions, this one first, with browser, system and last seen", async () => {
    const user = await t.createUser();
    const phone = await signInWith(user.email, PASSWORD, IPHONE_SAFARI, "203.0.113.32");
    t.clock.advance(60_000);
    const me = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const ended = await signInWith(user.email, PASSWORD, MAC_CHROME);
    await t.request("/api/auth/logout", { method: "POST", token: ended.authToken });
    const list = await bodyOf(t.api(me.authToken).auth.sessions.$get(), 200);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      current: true,
      browser: "Chrome 131",
      system: "macOS",
      ipAddress: "198.51.100.30",
    });
    expect(list[1]).toMatchObject({
      current: false,
      browser: "Safari 17",
      system: "iOS",
      ipAddress: "203.0.113.32",
    });
    expect(Date.parse(list[1]!.lastSeenAt as string)).toBeLessThan(Date.parse(list[0]!.lastSeenAt as string));
    expect(phone.authToken).toBeString();
    // Not another account's, and not by API key.
    const stranger = await t.createUser();
    const theirs = await bodyOf(t.api(await t.signIn(stranger.email, PASSWORD)).auth.sessions.$get(), 200);
    expect(theirs).toHaveLength(1);
    expect((await t.request("/api/auth/sessions", { token: me.apiKey })).status).toBe(403);
  });

  test("'Sign out other sessions' ends every other session and keeps this one and the API key", async () => {
    const user = await t.createUser();
    const me = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const phone = await signInWith(user.email, PASSWORD, IPHONE_SAFARI);
    const laptop = await signInWith(user.email, PASSWORD, MAC_CHROME);
    const res = await t.request("/api/auth/sessions/revoke-others", { method: "POST", token: me.authToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Signed out 2 other sessions.", ended: 2 });
    expect(await status(phone.authToken)).toBe(401);
    expect(await status(laptop.authToken)).toBe(401);
    expect(await status(me.authToken)).toBe(200);
    expect(await status(me.apiKey)).toBe(200);
    const list = await bodyOf(t.api(me.authToken).auth.sessions.$get(), 200);
    expect(list).toHaveLength(1);
    const again = await t.request("/api/auth/sessions/revoke-others", {
      method: "POST",
      token: me.authToken,
    });
    expect(await again.json()).toEqual({ message: "Signed out 0 other sessions.", ended: 0 });
  });
});
