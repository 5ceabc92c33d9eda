import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { passwordResets } from "../../../db/schema/index.ts";
import { logMailer, type Mailer, type MailMessage } from "../../lib/mailer.ts";
import { smtpMailer } from "../../runtime/smtp-mailer.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
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

/** The newest code mailed to an address after `after` messages were in the inbox (the mail is sent after the answer). */
async function mailedCode(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.inbox.slice(after).findLast((m) => m.to === email);
    const code = mail && codeFrom(mail.raw);
    if (code) return code;
    await Bun.sleep(20);
  }
  throw new Error(`no reset code mailed to ${email}`);
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const request = (email: string, fullName: string) =>
  t.api().auth["password-reset"].request.$post({ json: { email, fullName } });
const confirm = (email: string, code: string, newPassword: string, confirmPassword = newPassword) =>
  t.api().auth["password-reset"].confirm.$post({ json: { email, code, newPassword, confirmPassword } });
const apiKeyOf = async (token: string) => (await bodyOf(t.api(token).auth.user.$get(), 200)).apiKey;

describe(`password reset through a real SMTP server (${testDbKind})`, () => {
  test("a matching email and name get a code by mail; the code sets the password once and ends sessions", async () => {
    const user = await t.createUser({ firstName: "Rosa" });
    const session = await t.signIn(user.email, PASSWORD);
    const res = await request(user.email.toUpperCase(), "  rosa   USER ");
    expect(res.status).toBe(202);
    const code = await mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);

    expect((await confirm(user.email, code, "brand-new-pass", "other-pass")).status).toBe(400);
    const ok = confirm(user.email, code, "brand-new-pass");
    expect((await bodyOf(ok, 200)).message).toBe("Password Updated!");
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
    const user = await t.createUser({ firstName: "Sam", emailVerified: true });
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
    const code = await mailedCode(user.email);
    t.clock.advance(16 * 60_000);
    expect((await confirm(user.email, code, "brand-new-pass")).status).toBe(400);
    const bad = await t.request("/api/auth/password-reset/confirm", {
      method: "POST",
      json: { email: user.email, code: "12ab", newPassword: "x", confirmPassword: "y" },
    });
    expect((await errorOf(bad, 400)).message).toContain("6 digits");
    expect(
      (
        await t.request("/api/auth/password-reset/request", {
          method: "POST",
          json: { email: "x@example.com" },
        })
      ).status,
    ).toBe(400);
  });

  test("up to three live codes: a new code keeps the last two, a fourth voids the oldest, success voids every code", async () => {
    const user = await t.createUser({ firstName: "Una" });
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const inbox = smtp.inbox.length;
      await request(user.email, "Una User");
      codes.push(await mailedCode(user.email, inbox));
    }
    const [oldest, , second] = codes as [string, string, string, string];
    if (!codes.slice(1).includes(oldest)) {
      expect((await confirm(user.email, oldest, "brand-new-pass")).status).toBe(400);
    }
    expect((await confirm(user.email, second, "brand-new-pass")).status).toBe(200);
    const live = await t.deps.database.db.query.passwordResets.findMany({
      where: eq(passwordResets.userId, user.id),
    });
    expect(live.filter((r) => r.usedAt === null)).toEqual([]);
    for (const code of codes) expect((await confirm(user.email, code, "another-pass-1")).status).toBe(400);
  });

  test("five wrong tries burn the code: the right one is refused after them", async () => {
    const user = await t.createUser({ firstName: "Vic" });
    await request(user.email, "Vic User");
    const code = await mailedCode(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await confirm(user.email, wrongCode(code), "brand-new-pass");
      expect(res.status).toBe(400);
    }
    expect((await confirm(user.email, code, "brand-new-pass")).status).toBe(400);
    expect(
      (
        await t.request("/api/auth/signin", {
          method: "POST",
          json: { email: user.email, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  test("four wrong tries leave the code usable", async () => {
    const user = await t.createUser({ firstName: "Wes" });
    await request(user.email, "Wes User");
    const code = await mailedCode(user.email);
    for (let i = 0; i < 4; i++)
      expect((await confirm(user.email, wrongCode(code), "brand-new-pass")).status).toBe(400);
    expect((await confirm(user.email, code, "brand-new-pass")).status).toBe(200);
  });

  test("a reset replaces the API key and ends every session; the answer says so", async () => {
    const user = await t.createUser({ firstName: "Xia" });
    const session = await t.signIn(user.email, PASSWORD);
    const before = await apiKeyOf(session);
    expect((await t.api(before).auth.user.$get()).status).toBe(200);
    await request(user.email, "Xia User");
    const ok = confirm(user.email, await mailedCode(user.email), "brand-new-pass");
    expect((await bodyOf(ok, 200)).message).toBe("Password Updated!");
    expect((await t.api(before).auth.user.$get()).status).toBe(401);
    expect((await t.api(session).auth.user.$get()).status).toBe(401);
    const after = await apiKeyOf(await t.signIn(user.email, "brand-new-pass"));
    expect(after).not.toBe(before);
    expect((await t.api(after).auth.user.$get()).status).toBe(200);
  });

  test("the request answers without waiting for the mail, so a match takes no longer than a miss", async () => {
    const user = await t.createUser({ firstName: "Yan" });
    const sent: MailMessage[] = [];
    let release = () => {};
    const slow: Mailer = {
      send: (message) =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push(message);
            resolve();
          };
        }),
    };
    const saved = t.deps.mailer;
    t.deps.mailer = slow;
    try {
      const answer = await Promise.race([
        request(user.email, "Yan User").then((r) => r.status),
        Bun.sleep(2000).then(() => "still waiting for the mailer"),
      ]);
      expect(answer).toBe(202);
      for (let i = 0; i < 100 && !sent.length; i++) {
        release();
        await Bun.sleep(20);
      }
      expect(sent.map((m) => m.to)).toEqual([user.email]);
    } finally {
      t.deps.mailer = saved;
    }
  });

  test("a failing mailer is logged, and the caller still gets the same answer", async () => {
    const user = await t.createUser({ firstName: "Zed" });
    const logs: Array<{ level: string; message: string; extra?: Record<string, unknown> }> = [];
    const saved = { mailer: t.deps.mailer, log: t.deps.log };
    t.deps.mailer = { send: () => Promise.reject(new Error("SMTP refused")) };
    t.deps.log = (level, message, extra) => logs.push({ level, message, extra });
    try {
      expect((await request(user.email, "Zed User")).status).toBe(202);
      for (let i = 0; i < 100 && !logs.some((l) => l.level === "error"); i++) await Bun.sleep(20);
      expect(JSON.stringify(logs)).toContain("SMTP refused");
    } finally {
      Object.assign(t.deps, saved);
    }
  });

  test("where no mail is configured (mail goes to the log: no SMTP_URL, or a Worker) a request answers 503 that reset by email is not configured here; no code is issued or logged", async () => {
    const user = await t.createUser({ firstName: "Ada" });
    const lines: string[] = [];
    const saved = { mailer: t.deps.mailer, log: t.deps.log };
    t.deps.log = (level, message, extra) => lines.push(`${level} ${message} ${JSON.stringify(extra ?? {})}`);
    t.deps.mailer = logMailer((text) => lines.push(`info ${text}`));
    try {
      const res = await request(user.email, "Ada User");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: "Password reset by email is not configured here.",
        code: "MAIL_NOT_CONFIGURED",
      });
      // The same answer when nothing matches: it says nothing about which accounts exist.
      const stranger = await request("nobody@example.com", "No Body");
      expect(stranger.status).toBe(503);
      await Bun.sleep(50);
      const issued = await t.deps.database.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, user.id));
      expect(issued).toEqual([]);
      const text = lines.join("\n");
      expect(text).not.toMatch(/\b\d{6}\b/);
      expect(text).not.toContain("reset code is");
    } finally {
      Object.assign(t.deps, saved);
    }
  });
});

describe(`an account registered with someone else's email does not lock its owner out (${testDbKind})`, () => {
  test("registered without a name: the owner still gets a code at the address and takes the account back", async () => {
    const email = `victim-${Date.now()}@example.com`;
    const squat = t.api().auth.register.$post({ json: { email, password: "squatter-password" } });
    const { user: squatter } = await bodyOf(squat, 201);
    // The owner knows only their own name; the squatter gave none.
    expect((await request(email, "Victoria Owner")).status).toBe(202);
    const ok = await confirm(email, await mailedCode(email), "owners-own-password");
    expect(ok.status).toBe(200);
    expect((await t.api(squatter.authToken).auth.user.$get()).status).toBe(401);
    expect(await t.signIn(email, "owners-own-password")).toBeString();
  });

  test("registered under a made-up name: the same, since the name of an unproven address guards nothing", async () => {
    const email = `victim2-${Date.now()}@example.com`;
    const squat = await t.request("/api/auth/register", {
      method: "POST",
      json: { email, password: "squatter-password", firstName: "Made", lastName: "Up" },
    });
    expect(squat.status).toBe(201);
    expect((await request(email, "Victoria Owner")).status).toBe(202);
    expect((await confirm(email, await mailedCode(email), "owners-own-password")).status).toBe(200);
  });
});

describe(`a stranger cannot block the holder's confirmation (${testDbKind})`, () => {
  let app: TestApp;
  const owner = "198.51.100.7";
  beforeAll(async () => {
    // The shipped defaults: 30 tries per address, 10 per email, in 10 minutes.
    app = await startTestApp({ authRateLimit: { perIp: 30, perEmail: 10, windowMs: 600_000 } });
    app.deps.mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Signalboard <no-reply@example.com>");
  });
  afterAll(() => app.close());

  const confirmFrom = (ip: string, email: string, code: string) =>
    app.request("/api/auth/password-reset/confirm", {
      method: "POST",
      ip,
      json: { email, code, newPassword: "owners-new-pass", confirmPassword: "owners-new-pass" },
    });
  async function codeFor(name: string) {
    const user = await app.createUser({ firstName: name, emailVerified: true });
    const before = smtp.inbox.length;
    const res = await app.request("/api/auth/password-reset/request", {
      method: "POST",
      ip: owner,
      json: { email: user.email, fullName: `${name} User` },
    });
    expect(res.status).toBe(202);
    return { email: user.email, code: await mailedCode(user.email, before) };
  }

  test("a flood of wrong codes from one address: the owner, elsewhere, still confirms with the right code", async () => {
    const { email, code } = await codeFor("Flo");
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++)
      statuses.add((await confirmFrom("203.0.113.9", email, wrongCode(code))).status);
    expect([...statuses].every((s) => s === 400 || s === 429)).toBe(true);
    expect((await confirmFrom(owner, email, code)).status).toBe(200);
  });

  test("the flooding address itself gets only 5 tries at the code, even with the right one after them", async () => {
    const { email, code } = await codeFor("Gus");
    for (let i = 0; i < 5; i++)
      expect((await confirmFrom("203.0.113.10", email, wrongCode(code))).status).toBe(400);
    expect((await confirmFrom("203.0.113.10", email, code)).status).toBe(400);
    expect((await confirmFrom(owner, email, code)).status).toBe(200);
  });

  test("guessing stays bounded: after 20 wrong tries in all, from any number of addresses, the code is void", async () => {
    const { email, code } = await codeFor("Hal");
    for (let a = 0; a < 8; a++)
      for (let i = 0; i < 5; i++) await confirmFrom(`203.0.113.${100 + a}`, email, wrongCode(code));
    expect((await confirmFrom(owner, email, code)).status).toBe(400);
  });
});

describe(`a stranger cannot block the owner's recovery (${testDbKind})`, () => {
  let app: TestApp;
  const owner = "198.51.100.20";
  beforeAll(async () => {
    // The shipped defaults: 30 tries per address, 10 per email, in 10 minutes.
    app = await startTestApp({ authRateLimit: { perIp: 30, perEmail: 10, windowMs: 600_000 } });
    app.deps.mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Signalboard <no-reply@example.com>");
  });
  afterAll(() => app.close());

  const requestFrom = (ip: string, email: string) =>
    app.request("/api/auth/password-reset/request", {
      method: "POST",
      ip,
      json: { email, fullName: "Any Name" },
    });
  const confirmFrom = (ip: string, email: string, code: string) =>
    app.request("/api/auth/password-reset/confirm", {
      method: "POST",
      ip,
      json: { email, code, newPassword: "owners-new-pass", confirmPassword: "owners-new-pass" },
    });
  const mailsTo = (email: string) => smtp.inbox.filter((m) => m.to === email).length;
  /** Waits until `count` mails reached `email` (they are sent after the answer), then a little longer for stragglers. */
  async function settled(email: string, count: number) {
    for (let i = 0; i < 200 && mailsTo(email) < count; i++) await Bun.sleep(20);
    await Bun.sleep(100);
    expect(mailsTo(email)).toBe(count);
  }

  test("a stranger's 12 requests from another address: the owner's own request still mails a code that works", async () => {
    const user = await app.createUser();
    for (let i = 0; i < 12; i++) {
      const res = await requestFrom("203.0.113.60", user.email);
      expect([202, 429]).toContain(res.status);
    }
    // The stranger got their own five codes a day, no more.
    await settled(user.email, 5);
    const res = await requestFrom(owner, user.email);
    expect(res.status).toBe(202);
    const code = await mailedCode(user.email, smtp.inbox.length);
    expect((await confirmFrom(owner, user.email, code)).status).toBe(200);
  });

  test("the owner's older code still works after a stranger's request", async () => {
    const user = await app.createUser();
    expect((await requestFrom(owner, user.email)).status).toBe(202);
    const ownersCode = await mailedCode(user.email);
    expect((await requestFrom("203.0.113.61", user.email)).status).toBe(202);
    await settled(user.email, 2);
    expect((await confirmFrom(owner, user.email, ownersCode)).status).toBe(200);
  });

  test("strangers at many addresses reach the address's ceiling; an owner who signed in from here before still gets a code", async () => {
    const user = await app.createUser();
    // A session from the owner's address: the owner's device.
    expect(
      (
        await app.request("/api/auth/signin", {
          method: "POST",
          ip: owner,
          json: { email: user.email, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    for (let a = 0; a < 4; a++)
      for (let i = 0; i < 5; i++) await requestFrom(`203.0.113.${70 + a}`, user.email);
    await settled(user.email, 15);
    // A fresh stranger gets nothing past the ceiling; the owner does.
    await requestFrom("203.0.113.80", user.email);
    await Bun.sleep(100);
    expect(mailsTo(user.email)).toBe(15);
    const before = smtp.inbox.length;
    expect((await requestFrom(owner, user.email)).status).toBe(202);
    const code = await mailedCode(user.email, before);
    expect((await confirmFrom(owner, user.email, code)).status).toBe(200);
  });
});
