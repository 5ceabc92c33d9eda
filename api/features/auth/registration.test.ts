import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import { configFromEnv, parseEnv } from "../../lib/config.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind, uniqueEmail } from "../../test/harness.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";

describe("REGISTRATION setting", () => {
  test("defaults to open; closed and invite-only are accepted; anything else stops the start", () => {
    expect(configFromEnv(parseEnv({}), SECRET).registration).toBe("open");
    expect(configFromEnv(parseEnv({ REGISTRATION: "closed" }), SECRET).registration).toBe("closed");
    expect(configFromEnv(parseEnv({ REGISTRATION: "invite-only" }), SECRET).registration).toBe("invite-only");
    expect(() => parseEnv({ REGISTRATION: "sometimes" })).toThrow(/REGISTRATION/);
  });
});

describe(`registration switch on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const register = (email: string) =>
    t.api().auth.register.$post({ json: { email, password: "correct-horse-battery" } });

  test("open (the default): anyone can register", async () => {
    expect((await register(uniqueEmail("open"))).status).toBe(201);
  });

  test("closed: 403 'Registration is closed on this server.' and no account is created", async () => {
    t.deps.config.registration = "closed";
    try {
      const email = uniqueEmail("closed");
      const res = await register(email);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        message: "Registration is closed on this server.",
        code: "REGISTRATION_CLOSED",
      });
      expect(
        await t.deps.database.db.query.users.findFirst({ where: eq(users.email, email) }),
      ).toBeUndefined();
      // Existing accounts still sign in.
      const existing = await t.createUser();
      expect(await t.signIn(existing.email, "correct-horse-battery")).toBeString();
    } finally {
      t.deps.config.registration = "open";
    }
  });

  test("invite-only: refused like closed, pointing at an administrator", async () => {
    t.deps.config.registration = "invite-only";
    try {
      const email = uniqueEmail("invite");
      const body = await bodyOf(register(email), 403);
      expect(body.code).toBe("REGISTRATION_CLOSED");
      expect(body.message).toContain("administrator");
      expect(
        await t.deps.database.db.query.users.findFirst({ where: eq(users.email, email) }),
      ).toBeUndefined();
    } finally {
      t.deps.config.registration = "open";
    }
  });
});
