import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import { startTestApp, type TestApp, testDbKind, uniqueEmail } from "../../test/harness.ts";

// Client addresses and sign-in limits behind one trusted proxy (TRUST_PROXY=1, the harness's `true`):
// decision note 018.
const PASSWORD = "correct-horse-battery";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authRateLimit: { perIp: 5, perEmail: 3, windowMs: 60_000 } });
});
afterAll(() => t.close());

function signIn(email: string, password: string, headers: Record<string, string>) {
  return t.request("/api/auth/signin", { method: "POST", headers, json: { email, password } });
}

describe(`client address and sign-in limits on ${testDbKind}`, () => {
  test("a client cannot rotate the X-Forwarded-For entries it writes itself past the per-address limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // The client sends "198.51.100.i"; our proxy appends the address it really saw.
      const res = await signIn(uniqueEmail("rotate"), "wrong-password", {
        "x-forwarded-for": `198.51.100.${i}, 203.0.113.5`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  test("addresses of one IPv6 /64 share a limit; another /64 has its own", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await signIn(uniqueEmail("v6"), "wrong-password", {
        "x-forwarded-for": `2001:db8:7:1::${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const elsewhere = await signIn(uniqueEmail("v6"), "wrong-password", {
      "x-forwarded-for": "2001:db8:7:2::1",
    });
    expect(elsewhere.status).toBe(401);
  });

  test("the session stores only a real IP address: a forged value falls back to the socket's address", async () => {
    const user = await t.createUser();
    t.deps.clientAddress = () => "192.0.2.10";
    try {
      expect(
        (await signIn(user.email, PASSWORD, { "x-forwarded-for": "<script>alert(1)</script>" })).status,
      ).toBe(200);
      expect((await signIn(user.email, PASSWORD, { "x-forwarded-for": "::ffff:203.0.113.44" })).status).toBe(
        200,
      );
    } finally {
      t.deps.clientAddress = undefined;
    }
    const stored = await t.deps.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.id);
    expect(stored.map((s) => s.ip)).toEqual(["192.0.2.10", "203.0.113.44"]);
  });

  test("a stranger's wrong passwords do not lock the holder out from an address that signed in before", async () => {
    const user = await t.createUser();
    const home = { "x-forwarded-for": "203.0.113.20" };
    expect((await signIn(user.email, PASSWORD, home)).status).toBe(200);
    t.clock.advance(60_000);

    const attacker: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await signIn(user.email, "guess-guess", { "x-forwarded-for": `198.51.100.${50 + i}` });
      attacker.push(res.status);
    }
    expect(attacker).toEqual([401, 401, 401, 429, 429, 429]);

    // The holder, from the address they used before, still gets in with the right password.
    expect((await signIn(user.email, PASSWORD, home)).status).toBe(200);
    // A new address is held to the per-email limit until the window ends.
    expect((await signIn(user.email, PASSWORD, { "x-forwarded-for": "203.0.113.99" })).status).toBe(429);
    // The known address's own guesses are limited too (per email and address).
    const fromHome: number[] = [];
    for (let i = 0; i < 4; i++) fromHome.push((await signIn(user.email, "guess-guess", home)).status);
    expect(fromHome).toEqual([401, 401, 429, 429]);
  });
});
