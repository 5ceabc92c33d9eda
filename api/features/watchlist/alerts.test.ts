import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { MailMessage } from "../../lib/mailer.ts";
import { smtpMailer } from "../../runtime/smtp-mailer.ts";
import { fixedMarket } from "../../test/fixed-market.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { backoffMs, checkAlerts, deliverDueAlerts, MAX_DELIVERY_ATTEMPTS } from "./alerts.service.ts";
import { signWebhook, webhookUrlProblem } from "./webhook-signature.ts";

/** A real HTTP receiver on 127.0.0.1 that records what it gets and fails while `failuresLeft` > 0. */
function startReceiver() {
  const received: Array<{ headers: Headers; body: string }> = [];
  const state = { failuresLeft: 0 };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = await req.text();
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        return new Response("busy", { status: 503 });
      }
      received.push({ headers: req.headers, body });
      return new Response("ok");
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hook`, received, state, stop: () => server.stop(true) };
}

describe("webhook URL rules", () => {
  test("public https and http pass; loopback, private, credentials and other schemes do not", () => {
    expect(webhookUrlProblem("https://hooks.example.com/x", false)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x", false)).toBeNull();
    for (const bad of [
      "http://127.0.0.1:9/x",
      "http://localhost/x",
      "http://10.1.2.3/",
      "http://192.168.0.5/",
      "http://[::1]/",
    ]) {
      expect(webhookUrlProblem(bad, false)).toContain("public address");
      expect(webhookUrlProblem(bad, true)).toBeNull();
    }
    expect(webhookUrlProblem("ftp://example.com/", false)).toContain("https://");
    expect(webhookUrlProblem("https://user:pw@example.com/", false)).toContain("credentials");
    expect(webhookUrlProblem("not a url", false)).toContain("not a valid URL");
  });

  test("backoff doubles from one minute and is capped at six hours", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(20)).toBe(360 * 60_000);
  });
});

describe(`alert delivery on ${testDbKind}`, () => {
  let t: TestApp;
  let token: string;
  let email: string;
  let receiver: ReturnType<typeof startReceiver>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mail: MailMessage[] = [];
  const market = fixedMarket("2023-10-27", { AAPL: 100, MSFT: 200 });

  beforeAll(async () => {
    t = await startTestApp({ allowPrivateWebhooks: true });
    t.deps.market = market;
    // Mail goes through the real SMTP client to a real SMTP server on 127.0.0.1.
    smtp = await startSmtpSink();
    mail = smtp.inbox;
    t.deps.mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Signalboard <alerts@example.com>");
    receiver = startReceiver();
    const user = await t.createUser();
    email = user.email;
    token = await t.signIn(user.email, "correct-horse-battery");
  });
  afterAll(async () => {
    receiver.stop();
    smtp.close();
    await t.close();
  });

  test("settings: created on first read with a secret; validated on save", async () => {
    const first = (await (await t.request("/api/notifications", { token })).json()) as {
      webhookSecret: string;
      emailAlerts: boolean;
    };
    expect(first.emailAlerts).toBe(false);
    expect(first.webhookSecret).toStartWith("whsec_");
    const bad = await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: "yes", webhookUrl: null },
    });
    expect(bad.status).toBe(400);
    const badUrl = await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: true, webhookUrl: "ftp://x" },
    });
    expect(badUrl.status).toBe(400);
    const ok = await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: true, webhookUrl: receiver.url },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { webhookSecret: string }).webhookSecret).toBe(first.webhookSecret);
    expect((await t.request("/api/notifications")).status).toBe(401);
  });

  test("a crossing is recorded once and delivered by email and a signed webhook; a second check sends nothing", async () => {
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "AAPL", targetChangePercent: 5 },
    });
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "MSFT", targetChangePercent: 50 },
    });
    expect(await checkAlerts(t.deps)).toMatchObject({ checked: 2, newAlerts: 0 });

    market.prices.AAPL = 94;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 2, retrying: 0, failed: 0 });

    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(email);
    expect(mail[0]!.subject).toContain("AAPL");
    expect(mail[0]!.text).toContain("down 6.00%");
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    const payload = JSON.parse(hook.body) as { symbol: string; changePercent: number };
    expect(payload).toMatchObject({ symbol: "AAPL", changePercent: -6 });
    const settings = (await (await t.request("/api/notifications", { token })).json()) as {
      webhookSecret: string;
    };
    const timestamp = hook.headers.get("x-signalboard-timestamp")!;
    expect(hook.headers.get("x-signalboard-signature")).toBe(
      await signWebhook(settings.webhookSecret, timestamp, hook.body),
    );

    // Still past the threshold: nothing new.
    market.prices.AAPL = 93;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(0);
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mail).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  test("back under the threshold re-arms the item; the next crossing alerts again", async () => {
    market.prices.AAPL = 99;
    expect((await checkAlerts(t.deps)).rearmed).toBe(1);
    market.prices.AAPL = 106;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    await deliverDueAlerts(t.deps);
    expect(receiver.received).toHaveLength(2);
    const events = (await (await t.request("/api/notifications/events", { token })).json()) as Array<{
      symbol: string;
      changePercent: number;
      deliveries: Array<{ status: string }>;
    }>;
    expect(events.map((e) => e.changePercent)).toEqual([6, -6]);
    expect(events.flatMap((e) => e.deliveries.map((d) => d.status))).toEqual([
      "sent",
      "sent",
      "sent",
      "sent",
    ]);
  });

  test("a failing receiver is retried with backoff and the event is never lost", async () => {
    receiver.state.failuresLeft = 2;
    market.prices.AAPL = 100;
    await checkAlerts(t.deps);
    market.prices.AAPL = 90;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);

    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 1, retrying: 1, failed: 0 }); // email ok, webhook 503
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 0, retrying: 0, failed: 0 }); // not due yet
    t.clock.advance(backoffMs(1));
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 0, retrying: 1, failed: 0 }); // 503 again
    t.clock.advance(backoffMs(2));
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(3);
    const [latest] = (await (await t.request("/api/notifications/events", { token })).json()) as Array<{
      deliveries: Array<{ channel: string; attempts: number; status: string }>;
    }>;
    expect(latest!.deliveries.find((d) => d.channel === "webhook")).toMatchObject({
      attempts: 3,
      status: "sent",
    });
  });

  test("after the last attempt a delivery is kept as failed, with its error", async () => {
    receiver.state.failuresLeft = MAX_DELIVERY_ATTEMPTS + 5;
    market.prices.AAPL = 100;
    await checkAlerts(t.deps);
    market.prices.AAPL = 80;
    await checkAlerts(t.deps);
    let failed = 0;
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i++) {
      failed += (await deliverDueAlerts(t.deps)).failed;
      t.clock.advance(backoffMs(20));
    }
    expect(failed).toBe(1);
    token = await t.signIn(email, "correct-horse-battery"); // the clock moved past the session's idle limit
    const [latest] = (await (await t.request("/api/notifications/events", { token })).json()) as Array<{
      deliveries: Array<{ channel: string; status: string; lastError: string | null }>;
    }>;
    expect(latest!.deliveries.find((d) => d.channel === "webhook")).toMatchObject({
      status: "failed",
      lastError: "receiver answered 503",
    });
    receiver.state.failuresLeft = 0;
  });
});

describe(`a deactivated account gets no alerts on ${testDbKind}`, () => {
  let t: TestApp;
  let receiver: ReturnType<typeof startReceiver>;
  const mail: MailMessage[] = [];
  const market = fixedMarket("2023-10-27", { AAPL: 100, MSFT: 200 });

  beforeAll(async () => {
    t = await startTestApp({ allowPrivateWebhooks: true });
    t.deps.market = market;
    t.deps.mailer = { send: async (m) => void mail.push(m) };
    receiver = startReceiver();
  });
  afterAll(async () => {
    receiver.stop();
    await t.close();
  });

  async function userWithAlerts(symbol: string) {
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    const put = await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: true, webhookUrl: receiver.url },
    });
    expect(put.status).toBe(200);
    const add = await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol, targetChangePercent: 5 },
    });
    expect(add.status).toBe(201);
    return user;
  }
  const setActive = (id: number, isActive: boolean) =>
    t.deps.database.db.update(users).set({ isActive }).where(eq(users.id, id));

  test("deactivated before the crossing: nothing is recorded, mailed or posted", async () => {
    const user = await userWithAlerts("AAPL");
    await setActive(user.id, false);
    market.prices.AAPL = 80;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(0);
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mail).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
    // Active again and still past the threshold: the next check alerts.
    await setActive(user.id, true);
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    await deliverDueAlerts(t.deps);
    expect(mail).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
    mail.length = 0;
    receiver.received.length = 0;
  });

  test("deactivated after the crossing was queued: the queued deliveries are not sent", async () => {
    const user = await userWithAlerts("MSFT");
    market.prices.MSFT = 150;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    await setActive(user.id, false);
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 0, retrying: 0, failed: 2 });
    t.clock.advance(backoffMs(20));
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mail).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });
});
