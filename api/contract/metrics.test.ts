import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkAlerts, deliverDueAlerts } from "../features/watchlist/alerts.service.ts";
import { runDueJobs } from "../jobs/schedule.ts";
import { bunWebhookSender } from "../runtime/bun-webhooks.ts";
import { type BunServer, startBunServer } from "../test/bun-server.ts";
import { fixedMarket } from "../test/fixed-market.ts";
import { errorOf, inProcess, startTestApp, type TestApp, targetName } from "../test/harness.ts";
import { parsePrometheusText, sampleValue } from "../test/prometheus-text.ts";

// GET /metrics (decision 088): Prometheus text behind METRICS_TOKEN on Bun; on Workers, where each isolate would
// count only its own requests, a 404 that says why.
const METRICS_TOKEN = "metrics-token-metrics-token-0123";
const PASSWORD = "correct-horse-battery";

async function scrape(t: TestApp) {
  const res = await t.request("/metrics", { token: METRICS_TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parsePrometheusText(await res.text());
}

describe(`/metrics (${targetName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ metricsToken: METRICS_TOKEN });
  }, 60_000);
  afterAll(() => t.close());

  test.skipIf(inProcess)(
    "Workers answer 404 with the reason: each isolate counts only its own requests",
    async () => {
      const body = await errorOf(t.request("/metrics", { token: METRICS_TOKEN }), 404);
      expect(body.code).toBe("METRICS_NOT_ON_WORKERS");
      expect(body.message).toContain("isolate");
    },
  );

  test.skipIf(!inProcess)("the token is required: none or a wrong one answers 401 JSON", async () => {
    const none = await t.request("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe('Bearer realm="signalboard"');
    expect(await none.json()).toEqual({
      message: "Unauthorized: /metrics needs Authorization: Bearer <METRICS_TOKEN>.",
      code: "UNAUTHORIZED",
    });
    for (const authorization of [`Bearer ${METRICS_TOKEN}x`, `Basic ${btoa(`x:${METRICS_TOKEN}`)}`]) {
      const wrong = await t.request("/metrics", { headers: { authorization } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("WWW-Authenticate")).toBe('Bearer realm="signalboard", error="invalid_token"');
      expect((await errorOf(wrong, 401)).code).toBe("UNAUTHORIZED");
    }
  });

  test.skipIf(!inProcess)(
    "requests and latency by route pattern, method and status class, never the raw path",
    async () => {
      const user = await t.createUser();
      const token = await t.signIn(user.email, PASSWORD);
      for (const id of [101, 102, 103]) {
        expect((await t.request(`/api/watchlist/${id}`, { method: "DELETE", token })).status).toBe(404);
      }
      await t.request("/api/watchlist", { token });
      await t.request("/api/no-such-thing");

      const text = await (await t.request("/metrics", { token: METRICS_TOKEN })).text();
      expect(text).not.toContain("/api/watchlist/101");
      expect(text).not.toContain("no-such-thing");
      const scraped = parsePrometheusText(text);
      const LATENCY = "signalboard_http_request_duration_seconds";
      expect(scraped.types.get(LATENCY)).toBe("histogram");
      const deleted = { route: "/api/watchlist/:id", method: "DELETE", status_class: "4xx" };
      expect(sampleValue(scraped, `${LATENCY}_count`, deleted)).toBe(3);
      expect(sampleValue(scraped, `${LATENCY}_bucket`, { ...deleted, le: "+Inf" })).toBe(3);
      expect(sampleValue(scraped, `${LATENCY}_sum`, deleted)).toBeGreaterThan(0);
      const listed = { route: "/api/watchlist", method: "GET", status_class: "2xx" };
      expect(sampleValue(scraped, `${LATENCY}_count`, listed)).toBe(1);
      const unmatched = { route: "unmatched", method: "GET", status_class: "4xx" };
      expect(sampleValue(scraped, `${LATENCY}_count`, unmatched)).toBe(1);
    },
  );

  test.skipIf(!inProcess)(
    "scheduled jobs: runs by outcome and the last success time from the database",
    async () => {
      const outcomes = await runDueJobs(t.deps, ["prune-auth-records"]);
      expect(outcomes["prune-auth-records"]?.ran).toBe(true);
      const scraped = await scrape(t);
      const ok = { job: "prune-auth-records", outcome: "ok" };
      expect(sampleValue(scraped, "signalboard_job_runs_total", ok)).toBe(1);
      const LAST = "signalboard_job_last_success_timestamp_seconds";
      expect(scraped.types.get(LAST)).toBe("gauge");
      expect(sampleValue(scraped, LAST, { job: "prune-auth-records" })).toBe(t.clock.now().getTime() / 1000);
    },
  );

  test.skipIf(!inProcess)("alert deliveries by channel and outcome", async () => {
    let failuresLeft = 1;
    const receiver = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () => (failuresLeft-- > 0 ? new Response("busy", { status: 503 }) : new Response("ok")),
    });
    try {
      const market = fixedMarket("2023-10-27", { AAPL: 100 });
      t.deps.market = market;
      t.deps.webhooks = bunWebhookSender();
      t.deps.config.allowPrivateWebhooks = true;
      const user = await t.createUser();
      const token = await t.signIn(user.email, PASSWORD);
      const webhookUrl = `http://127.0.0.1:${receiver.port}/hook`;
      const put = await t.request("/api/notifications", {
        method: "PUT",
        token,
        json: { emailAlerts: false, webhookUrl },
      });
      expect(put.status).toBe(200);
      const add = await t.request("/api/watchlist", {
        method: "POST",
        token,
        json: { symbol: "AAPL", targetChangePercent: 5 },
      });
      expect(add.status).toBe(201);
      await checkAlerts(t.deps);
      market.prices.AAPL = 90;
      expect((await checkAlerts(t.deps)).newAlerts).toBe(1);
      expect(await deliverDueAlerts(t.deps)).toMatchObject({ sent: 0, retrying: 1 });
      t.clock.advance(60_000);
      expect(await deliverDueAlerts(t.deps)).toMatchObject({ sent: 1, retrying: 0 });

      const scraped = await scrape(t);
      for (const [outcome, count] of [
        ["sent", 1],
        ["retrying", 1],
        ["failed", 0],
      ] as const) {
        const labels = { channel: "webhook", outcome };
        expect(sampleValue(scraped, "signalboard_alert_deliveries_total", labels)).toBe(count);
      }
    } finally {
      receiver.stop(true);
    }
  });

  test.skipIf(!inProcess)("database errors by kind: a failed query counts as other", async () => {
    const broken = await startTestApp({ metricsToken: METRICS_TOKEN });
    try {
      const user = await broken.createUser();
      const token = await broken.signIn(user.email, PASSWORD);
      await broken.deps.database.client.execute("alter table watchlist_items rename to watchlist_items_gone");
      expect((await broken.request("/api/watchlist", { token })).status).toBe(500);
      const scraped = await scrape(broken);
      for (const [kind, count] of [
        ["other", 1],
        ["unavailable", 0],
        ["busy", 0],
      ] as const) {
        expect(sampleValue(scraped, "signalboard_database_errors_total", { kind })).toBe(count);
      }
    } finally {
      await broken.close();
    }
  });

  test.skipIf(!inProcess)(
    "without METRICS_TOKEN /metrics is off: 404 JSON that says how to turn it on",
    async () => {
      const off = await startTestApp();
      try {
        const res = await off.request("/metrics");
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          message:
            "Metrics are off: set METRICS_TOKEN and scrape /metrics with Authorization: Bearer <token>.",
          code: "METRICS_OFF",
        });
      } finally {
        await off.close();
      }
    },
  );
});

describe.skipIf(!inProcess)("/metrics on the real Bun server is the API's, not the web page", () => {
  let server: BunServer;
  const dir = mkdtempSync(join(tmpdir(), "metrics-"));
  beforeAll(async () => {
    server = await startBunServer({
      DATABASE_URL: `file:${join(dir, "app.db")}`,
      APP_SECRET: "metrics-secret-metrics-secret-0123",
      METRICS_TOKEN,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("401 JSON without the token, Prometheus text with it", async () => {
    const anonymous = await fetch(`${server.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toStartWith("application/json");
    const scraped = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    const families = parsePrometheusText(await scraped.text());
    expect(families.types.get("signalboard_http_request_duration_seconds")).toBe("histogram");
  });
});
