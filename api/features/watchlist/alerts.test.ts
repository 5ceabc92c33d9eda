import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { alertDeliveries, alertEvents, notificationSettings, users } from "../../../db/schema/index.ts";
import type { MailMessage } from "../../lib/mailer.ts";
import {
  ADDRESS_NOT_ALLOWED,
  DELIVERY_FAILED,
  fetchWebhookSender,
  signWebhook,
  webhookUrlProblem,
} from "../../lib/webhooks.ts";
import { bunWebhookSender, type HostResolver } from "../../runtime/bun-webhooks.ts";
import { smtpMailer } from "../../runtime/smtp-mailer.ts";
import { fixedMarket } from "../../test/fixed-market.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import {
  backoffMs,
  checkAlerts,
  deliverDueAlerts,
  EMAIL_NOT_VERIFIED,
  MAX_DELIVERY_ATTEMPTS,
} from "./alerts.service.ts";

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
    t.deps.webhooks = bunWebhookSender();
    // Mail goes through the real SMTP client to a real SMTP server on 127.0.0.1.
    smtp = await startSmtpSink();
    mail = smtp.inbox;
    t.deps.mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Signalboard <alerts@example.com>");
    receiver = startReceiver();
    const user = await t.createUser({ emailVerified: true });
    email = user.email;
    token = await t.signIn(user.email, "correct-horse-battery");
  });
  afterAll(async () => {
    receiver.stop();
    smtp.close();
    await t.close();
  });

  test("settings: created on first read with a secret; validated on save", async () => {
    const first = await bodyOf(t.api(token).notifications.$get(), 200);
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
    const ok = t.api(token).notifications.$put({ json: { emailAlerts: true, webhookUrl: receiver.url } });
    expect((await bodyOf(ok, 200)).webhookSecret).toBe(first.webhookSecret);
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
    expect(mail[0]!.subject).toBe("Signalboard alert: AAPL moved -6.0%");
    expect(mail[0]!.text).toContain("AAPL is down 6.0% (your alert threshold is 5%), now $94.00.");
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    const payload = JSON.parse(hook.body) as { symbol: string; changePercent: number };
    expect(payload).toMatchObject({ symbol: "AAPL", changePercent: -6 });
    const settings = await bodyOf(t.api(token).notifications.$get(), 200);
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
    const events = await bodyOf(t.api(token).notifications.events.$get(), 200);
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
    const [latest] = await bodyOf(t.api(token).notifications.events.$get(), 200);
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
    const [latest] = await bodyOf(t.api(token).notifications.events.$get(), 200);
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
    const user = await t.createUser({ emailVerified: true });
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

describe(`alert emails go only to a proven address on ${testDbKind}`, () => {
  let t: TestApp;
  let receiver: ReturnType<typeof startReceiver>;
  const mail: MailMessage[] = [];
  const market = fixedMarket("2023-10-27", { AAPL: 100 });

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

  test("unproven: the check records the email as not sent and why, and nothing is mailed; the webhook still goes", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: true, webhookUrl: receiver.url },
    });
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "AAPL", targetChangePercent: 5 },
    });
    market.prices.AAPL = 80;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mail).toHaveLength(0);
    expect(receiver.received).toHaveLength(1);
    const [event] = await bodyOf(t.api(token).notifications.events.$get(), 200);
    expect(event!.deliveries.find((d) => d.channel === "email")).toEqual({
      channel: "email",
      status: "failed",
      attempts: 0,
      lastError: EMAIL_NOT_VERIFIED,
    });

    // Proven by the mailed code: the next crossing is mailed.
    await t.request("/api/auth/email-verification/request", { method: "POST", token });
    const code = /verification code is (\d{6})/.exec(mail.at(-1)?.text ?? "")?.[1] ?? "";
    const proven = await t.request("/api/auth/email-verification/confirm", {
      method: "POST",
      token,
      json: { code },
    });
    expect(proven.status).toBe(200);
    mail.length = 0;
    market.prices.AAPL = 100;
    await checkAlerts(t.deps);
    market.prices.AAPL = 120;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    await deliverDueAlerts(t.deps);
    expect(mail.map((m) => m.to)).toEqual([user.email]);
  });

  test("an email queued for an address that is not proven (before this check existed) is not sent either", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "AAPL", targetChangePercent: 5 },
    });
    market.prices.AAPL = 100;
    await checkAlerts(t.deps);
    market.prices.AAPL = 50;
    await checkAlerts(t.deps);
    const [event] = await t.deps.database.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.userId, user.id));
    const [queued] = await t.deps.database.db
      .insert(alertDeliveries)
      .values({
        eventId: event!.id,
        channel: "email",
        target: user.email,
        status: "pending",
        nextAttemptAt: t.clock.now(),
      })
      .returning();
    await deliverDueAlerts(t.deps);
    expect(mail.filter((m) => m.to === user.email)).toEqual([]);
    const [after] = await t.deps.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.id, queued!.id));
    expect(after).toMatchObject({ status: "failed", lastError: EMAIL_NOT_VERIFIED });
  });
});

/** A listener on 127.0.0.1 that counts every request it gets, whatever it is. */
function startTrap() {
  const state = { hits: 0, hosts: [] as string[] };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      state.hits++;
      state.hosts.push(req.headers.get("host") ?? "");
      return new Response("ok");
    },
  });
  return { port: server.port as number, state, stop: () => server.stop(true) };
}

/** Names answered as a wildcard-DNS service (127.0.0.1.nip.io and the like) would, without the network. */
function fakeDns(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: HostResolver = async (host) => {
    calls.push(host);
    const answer = answers[host];
    if (!answer) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return answer;
  };
  return { resolve, calls };
}

describe(`webhooks never reach loopback or private addresses on ${testDbKind}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let trap: ReturnType<typeof startTrap>;
  const market = fixedMarket("2023-10-27", { AAPL: 100 });
  const dns = fakeDns({
    "127.0.0.1.nip.io": ["127.0.0.1"],
    "rebind.example.com": ["93.184.215.14", "127.0.0.1"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
    "hooks.example.com": ["93.184.215.14"],
  });
  const hostile = (port: number) => [
    `http://[::ffff:127.0.0.1]:${port}/hook`,
    `http://localhost:${port}/hook`,
    `http://localhost.:${port}/hook`,
    `http://LOCALHOST.:${port}/hook`,
    `http://foo.localhost.:${port}/hook`,
    `http://0.0.0.1:${port}/hook`,
    `http://0.0.0.0:${port}/hook`,
    `http://0x7f.1:${port}/hook`,
    `http://[::1]:${port}/hook`,
    `http://[64:ff9b::7f00:1]:${port}/hook`,
    `http://100.64.0.1:${port}/hook`,
    `http://198.18.0.1:${port}/hook`,
    `http://169.254.169.254:${port}/hook`,
    `http://127.0.0.1.nip.io:${port}/hook`,
    `http://rebind.example.com:${port}/hook`,
    `http://mapped.example.com:${port}/hook`,
  ];

  beforeAll(async () => {
    t = await startTestApp();
    t.deps.market = market;
    t.deps.webhooks = bunWebhookSender(dns.resolve);
    trap = startTrap();
    const user = await t.createUser();
    userId = user.id;
    token = await t.signIn(user.email, "correct-horse-battery");
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "AAPL", targetChangePercent: 5 },
    });
  });
  afterAll(async () => {
    trap.stop();
    await t.close();
  });

  /** Queues one new alert for the user's AAPL item and delivers it to `url`, as if saved before this check. */
  async function deliverTo(url: string) {
    await t.deps.database.db
      .insert(notificationSettings)
      .values({ userId, emailAlerts: false, webhookUrl: url, webhookSecret: "whsec_x" })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { webhookUrl: url } });
    market.prices.AAPL = 100;
    await checkAlerts(t.deps);
    market.prices.AAPL = 50;
    expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
    const report = await deliverDueAlerts(t.deps);
    const [latest] = await bodyOf(t.api(token).notifications.events.$get(), 200);
    return { report, delivery: latest!.deliveries[0]! };
  }

  test("saving any of them answers 400", async () => {
    for (const url of hostile(trap.port)) {
      const res = await t.request("/api/notifications", {
        method: "PUT",
        token,
        json: { emailAlerts: false, webhookUrl: url },
      });
      expect((await errorOf(res, 400)).message, url).toContain("public address");
    }
    const ok = await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: false, webhookUrl: "https://hooks.example.com/x" },
    });
    expect(ok.status).toBe(200);
  });

  test("delivery checks the address again: nothing reaches the listener, the delivery fails at once with a generic error", async () => {
    for (const url of hostile(trap.port)) {
      const { report, delivery } = await deliverTo(url);
      expect(report, url).toEqual({ sent: 0, retrying: 0, failed: 1 });
      expect(delivery, url).toMatchObject({ status: "failed", attempts: 1, lastError: ADDRESS_NOT_ALLOWED });
    }
    expect(trap.state.hits).toBe(0);
  });

  test("the Worker's sender (no DNS) refuses the literal and localhost forms too", async () => {
    t.deps.webhooks = fetchWebhookSender();
    try {
      for (const url of hostile(trap.port).filter(
        (u) => !u.includes(".example.com") && !u.includes("nip.io"),
      )) {
        const { delivery } = await deliverTo(url);
        expect(delivery, url).toMatchObject({ status: "failed", lastError: ADDRESS_NOT_ALLOWED });
      }
    } finally {
      t.deps.webhooks = bunWebhookSender(dns.resolve);
    }
    expect(trap.state.hits).toBe(0);
  });
});

describe(`webhook connections go to the checked address on ${testDbKind}`, () => {
  let t: TestApp;
  let trap: ReturnType<typeof startTrap>;
  const market = fixedMarket("2023-10-27", { AAPL: 100 });
  const dns = fakeDns({ "receiver.test": ["127.0.0.1"] });

  beforeAll(async () => {
    // Private addresses allowed, so the one listener this test has can stand in for a public receiver.
    t = await startTestApp({ allowPrivateWebhooks: true });
    t.deps.market = market;
    t.deps.webhooks = bunWebhookSender(dns.resolve);
    trap = startTrap();
  });
  afterAll(async () => {
    trap.stop();
    await t.close();
  });

  test("one lookup per delivery, and the request goes to its answer under the URL's host name", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    const url = `http://receiver.test:${trap.port}/hook`;
    await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: false, webhookUrl: url },
    });
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "AAPL", targetChangePercent: 5 },
    });
    market.prices.AAPL = 50;
    await checkAlerts(t.deps);
    dns.calls.length = 0;
    expect(await deliverDueAlerts(t.deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    // "receiver.test" does not exist: only the checked answer could have reached the listener.
    expect(dns.calls).toEqual(["receiver.test"]);
    expect(trap.state.hosts).toEqual([`receiver.test:${trap.port}`]);
  });

  test("a connection failure is stored as 'Delivery failed', never the socket error", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const port = closed.port as number;
    closed.stop(true);
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    await t.request("/api/notifications", {
      method: "PUT",
      token,
      json: { emailAlerts: false, webhookUrl: `http://127.0.0.1:${port}/hook` },
    });
    market.prices.AAPL = 100;
    await t.request("/api/watchlist", {
      method: "POST",
      token,
      json: { symbol: "AAPL", targetChangePercent: 5 },
    });
    market.prices.AAPL = 50;
    await checkAlerts(t.deps);
    expect((await deliverDueAlerts(t.deps)).retrying).toBe(1);
    const [latest] = await bodyOf(t.api(token).notifications.events.$get(), 200);
    expect(latest!.deliveries[0]).toMatchObject({ status: "pending", lastError: DELIVERY_FAILED });
  });
});
