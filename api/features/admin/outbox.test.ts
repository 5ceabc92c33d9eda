import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mailOutbox } from "../../../db/schema/index.ts";
import { OUTBOX_KEEP, outboxMailer } from "../../lib/mail-outbox.ts";
import { logMailer } from "../../lib/mailer.ts";
import { PRIVATE_NO_STORE } from "../../middleware/every-request.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

// The local demo's outbox (docs/decisions/084-local-mail-outbox.md), on the real database: mail kept for admins,
// read by admins only.
let t: TestApp;
let admin: string;
let investor: string;
let investorKey: string;
let adminKey: string;
const PASSWORD = "correct-horse-battery";
const logged: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  t.deps.mailer = outboxMailer(t.deps.database, t.deps.clock, (text) => logged.push(text));
  const a = await t.createUser({ isAdmin: true, email: "outbox-admin@example.com" });
  const u = await t.createUser({ email: "outbox-investor@example.com", firstName: "Olive" });
  admin = await t.signIn(a.email, PASSWORD);
  investor = await t.signIn(u.email, PASSWORD);
  const key = async (token: string) => (await bodyOf(t.api(token).auth.user.$get(), 200)).apiKey;
  investorKey = await key(investor);
  adminKey = await key(admin);
});
afterAll(() => t.close());

const readOutbox = (token?: string) => t.api(token).admin.outbox.$get();

/** The outbox once a message to `to` is in it (the reset mail is sent after the answer). */
async function outboxFor(to: string) {
  for (let i = 0; i < 100; i++) {
    const outbox = await bodyOf(readOutbox(admin), 200);
    if (outbox.messages.some((m) => m.to === to)) return outbox;
    await Bun.sleep(20);
  }
  throw new Error(`no message to ${to} in the outbox`);
}

describe(`mail outbox (${testDbKind})`, () => {
  test("a reset request answers that the code is in the outbox; an admin reads the code there and it resets the password", async () => {
    const res = await t.request("/api/auth/password-reset/request", {
      method: "POST",
      json: { email: "outbox-investor@example.com", fullName: "Olive User" },
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      message:
        "If the details match an account, a reset code is in this server's mail outbox: it sends no email.",
      delivery: "outbox",
    });
    const outbox = await outboxFor("outbox-investor@example.com");
    expect(outbox.enabled).toBe(true);
    const [mail] = outbox.messages;
    expect(mail).toMatchObject({
      to: "outbox-investor@example.com",
      subject: "Your Signalboard password reset code",
      createdAt: t.clock.now().toISOString(),
    });
    const code = /reset code is (\d{6})/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The log says a message was kept, never the code in it (decision 100).
    expect(logged.join("\n")).toContain("kept in the outbox] Your Signalboard password reset code");
    expect(logged.join("\n")).not.toContain(code!);
    const confirmed = await t.request("/api/auth/password-reset/confirm", {
      method: "POST",
      json: {
        email: "outbox-investor@example.com",
        code,
        newPassword: "outbox-new-password",
        confirmPassword: "outbox-new-password",
      },
    });
    expect(confirmed.status).toBe(200);
    investor = await t.signIn("outbox-investor@example.com", "outbox-new-password");
    investorKey = (await bodyOf(t.api(investor).auth.user.$get(), 200)).apiKey;
  });

  test("only an admin on a session reads it: signed out 401, a user 403, API keys 403", async () => {
    expect((await readOutbox()).status).toBe(401);
    expect((await bodyOf(readOutbox(investor), 403)).code).toBe("FORBIDDEN");
    expect((await readOutbox(investorKey)).status).toBe(403);
    expect((await readOutbox(adminKey)).status).toBe(403);
    const asAdmin = await readOutbox(admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
  });

  test(`newest first, the newest ${OUTBOX_KEEP} kept`, async () => {
    for (let i = 0; i < OUTBOX_KEEP + 5; i++) {
      await t.deps.mailer.send({ to: `n${i}@example.com`, subject: `Alert ${i}`, text: "price moved" });
    }
    const rows = await t.deps.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(OUTBOX_KEEP);
    const outbox = await bodyOf(readOutbox(admin), 200);
    expect(outbox.messages[0]!.subject).toBe(`Alert ${OUTBOX_KEEP + 4}`);
    expect(outbox.messages).toHaveLength(50);
  });

  test("where the server keeps no outbox (a deployment without mail) it answers enabled false and no message, even ones kept before", async () => {
    const saved = t.deps.mailer;
    t.deps.mailer = logMailer(() => {});
    try {
      expect(await (await readOutbox(admin)).json()).toEqual({ enabled: false, messages: [] });
    } finally {
      t.deps.mailer = saved;
    }
  });
});
