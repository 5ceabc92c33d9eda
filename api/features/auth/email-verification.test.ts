import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { logMailer, type MailMessage } from "../../lib/mailer.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

let t: TestApp;
const mail: MailMessage[] = [];

beforeAll(async () => {
  t = await startTestApp();
  t.deps.mailer = { send: async (m) => void mail.push(m) };
});
afterAll(() => t.close());

const PASSWORD = "correct-horse-battery";
const askForCode = (token: string) => t.api(token).auth["email-verification"].request.$post();
const confirm = (token: string, code: string) =>
  t.api(token).auth["email-verification"].confirm.$post({ json: { code } });
const settings = (token: string) => bodyOf(t.api(token).notifications.$get(), 200);
function lastCodeTo(email: string): string {
  const text = mail.findLast((m) => m.to === email)?.text ?? "";
  const code = /verification code is (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
}
async function signedInUser() {
  const user = await t.createUser();
  return { ...user, token: await t.signIn(user.email, PASSWORD) };
}

describe(`proving the alert email address by a mailed code (${testDbKind})`, () => {
  test("a new account's address is unproven; the code mailed to it proves it, once", async () => {
    const user = await signedInUser();
    expect(await settings(user.token)).toMatchObject({ emailAddress: user.email, emailVerified: false });
    expect((await bodyOf(askForCode(user.token), 202)).message).toContain(user.email);
    const code = lastCodeTo(user.email);
    const wrong = await confirm(user.token, code === "000000" ? "000001" : "000000");
    expect((await bodyOf(wrong, 400)).code).toBe("INVALID_CODE");
    const ok = await confirm(user.token, code);
    expect(ok.status).toBe(200);
    expect((await settings(user.token)).emailVerified).toBe(true);
    // Used: and a proven address needs no other code.
    expect((await confirm(user.token, code)).status).toBe(400);
    expect((await bodyOf(askForCode(user.token), 409)).code).toBe("EMAIL_ALREADY_VERIFIED");
  });

  test("one account's code proves nothing for another", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    await askForCode(alice.token);
    await askForCode(bob.token);
    const aliceCode = lastCodeTo(alice.email);
    const bobCode = lastCodeTo(bob.email);
    if (aliceCode !== bobCode) expect((await confirm(bob.token, aliceCode)).status).toBe(400);
    expect((await settings(alice.token)).emailVerified).toBe(false);
    expect((await confirm(alice.token, aliceCode)).status).toBe(200);
    expect((await settings(alice.token)).emailVerified).toBe(true);
    expect((await settings(bob.token)).emailVerified).toBe(false);
    expect(mail.filter((m) => m.to === alice.email)).toHaveLength(1);
  });

  test("signed out: 401; a code that is not 6 digits: a readable 400", async () => {
    expect((await t.request("/api/auth/email-verification/request", { method: "POST" })).status).toBe(401);
    const user = await signedInUser();
    const bad = await confirm(user.token, "12ab");
    expect((await bodyOf(bad, 400)).message).toContain("6 digits");
  });

  test("codes are limited per account (3 an hour) and per address (5 a day, whoever asks)", async () => {
    const user = await signedInUser();
    const before = mail.length;
    for (let i = 0; i < 3; i++) expect((await askForCode(user.token)).status).toBe(202);
    const refused = await askForCode(user.token);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await bodyOf(refused, 429)).code).toBe("RATE_LIMITED");
    t.clock.advance(61 * 60_000);
    const token = await t.signIn(user.email, PASSWORD);
    expect((await askForCode(token)).status).toBe(202);
    // The account's fifth code to this address today.
    expect((await askForCode(token)).status).toBe(202);
    expect((await askForCode(token)).status).toBe(429);
    expect(mail.length - before).toBe(5);
  });

  test("a stranger's reset requests for the address never block the signed-in holder's verification request", async () => {
    const user = await signedInUser();
    for (let i = 0; i < 6; i++) {
      const res = await t.request("/api/auth/password-reset/request", {
        method: "POST",
        ip: "203.0.113.90",
        json: { email: user.email, fullName: "Any Name" },
      });
      expect(res.status).toBe(202);
    }
    // The stranger's codes are mailed after their answers.
    for (let i = 0; i < 100 && mail.filter((m) => m.to === user.email).length < 5; i++) await Bun.sleep(20);
    await Bun.sleep(100);
    const asked = await askForCode(user.token);
    expect(asked.status).toBe(202);
    const code = lastCodeTo(user.email);
    expect((await confirm(user.token, code)).status).toBe(200);
  });

  test("where mail only goes to the log, no code is issued: 503 says so", async () => {
    const user = await signedInUser();
    const saved = t.deps.mailer;
    const lines: string[] = [];
    t.deps.mailer = logMailer((text) => lines.push(text));
    try {
      expect((await bodyOf(askForCode(user.token), 503)).code).toBe("MAIL_NOT_CONFIGURED");
      expect(lines).toEqual([]);
    } finally {
      t.deps.mailer = saved;
    }
  });
});
