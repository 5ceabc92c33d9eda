import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { smtpMailer } from "../../runtime/smtp-mailer.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp();
  t.deps.mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Signalboard <no-reply@example.com>");
});
afterAll(async () => {
  smtp.close();
  await t.close();
});

const codeFrom = (raw: string) => /reset code is (\d{6})/.exec(raw)?.[1];
const request = (email: string, fullName: string) =>
  t.request("/api/auth/password-reset/request", { method: "POST", json: { email, fullName } });
const confirm = (email: string, code: string, newPassword: string, confirmPassword = newPassword) =>
  t.request("/api/auth/password-reset/confirm", {
    method: "POST",
    json: { email, code, newPassword, confirmPassword },
  });

describe(`password reset through a real SMTP server (${testDbKind})`, () => {
  test("a matching email and name get a code by mail; the code sets the password once and ends sessions", async () => {
    const user = await t.createUser({ firstName: "Rosa" });
    const session = await t.signIn(user.email, PASSWORD);
    const res = await request(user.email.toUpperCase(), "  rosa   USER ");
    expect(res.status).toBe(202);
    await Bun.sleep(50);
    const mail = smtp.inbox.find((m) => m.to === user.email);
    expect(mail).toBeDefined();
    const code = codeFrom(mail!.raw)!;
    expect(code).toMatch(/^\d{6}$/);

    expect((await confirm(user.email, code, "brand-new-pass", "other-pass")).status).toBe(400);
    const ok = await confirm(user.email, code, "brand-new-pass");
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { message: string }).message).toBe("Password Updated!");
    expect((await t.request("/api/auth/user", { token: session })).status).toBe(401);
    expect(
      (
        await t.request("/api/auth/signin", {
          method: "POST",
          json: { email: user.email, password: PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.request("/api/auth/signin", {
          method: "POST",
          json: { email: user.email, password: "brand-new-pass" },
        })
      ).status,
    ).toBe(200);
    // Single use.
    expect((await confirm(user.email, code, "another-pass-1")).status).toBe(400);
  });

  test("the answer never reveals whether the account exists; a wrong name sends nothing", async () => {
    const user = await t.createUser({ firstName: "Sam" });
    const before = smtp.inbox.length;
    const wrongName = await request(user.email, "Someone Else");
    const unknown = await request("nobody-here@example.com", "No Body");
    expect(wrongName.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await wrongName.json()).toEqual(await unknown.json());
    await Bun.sleep(50);
    expect(smtp.inbox.length).toBe(before);
  });

  test("codes expire after 15 minutes; bad input is a readable 400", async () => {
    const user = await t.createUser({ firstName: "Tia" });
    await request(user.email, "Tia User");
    await Bun.sleep(50);
    const code = codeFrom(smtp.inbox.findLast((m) => m.to === user.email)!.raw)!;
    t.clock.advance(16 * 60_000);
    expect((await confirm(user.email, code, "brand-new-pass")).status).toBe(400);
    const bad = await t.request("/api/auth/password-reset/confirm", {
      method: "POST",
      json: { email: user.email, code: "12ab", newPassword: "x", confirmPassword: "y" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("6 digits");
    expect(
      (
        await t.request("/api/auth/password-reset/request", {
          method: "POST",
          json: { email: "x@example.com" },
        })
      ).status,
    ).toBe(400);
  });
});
