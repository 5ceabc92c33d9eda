import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testClient } from "hono/testing";
import { createApp } from "../app.ts";
import { runDueJobs } from "../jobs/schedule.ts";
import { logLevel, parseEnv } from "../lib/config.ts";
import type { AppDeps } from "../lib/context.ts";
import { consoleJsonLogger, type LogLevelSetting, logTo } from "../lib/logger.ts";
import { batchedLines, bunLogger } from "../runtime/bun-logger.ts";
import { startBunServer } from "./bun-server.ts";
import { fixedMarket } from "./fixed-market.ts";
import { bodyOf, inProcess, prepareDatabase, startTestApp, type TestApp, testDbKind } from "./harness.ts";

type Line = Record<string, unknown>;

/** The real app on the test's database, its log written by the Bun logger at `level` into `lines` (one parsed object each). */
function loggedApp(t: TestApp, level: LogLevelSetting) {
  const lines: Line[] = [];
  const raw: string[] = [];
  const logger = bunLogger(level, (_, line) => {
    raw.push(line);
    lines.push(JSON.parse(line));
  });
  const deps: AppDeps = { ...t.deps, log: logTo(logger) };
  return { app: createApp(deps), deps, lines, raw };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("LOG_LEVEL", () => {
  test("takes pino's levels (any case); anything else stops the start with the values it takes", () => {
    expect(parseEnv({ LOG_LEVEL: "DEBUG" }).LOG_LEVEL).toBe("debug");
    expect(parseEnv({ LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
    expect(() => parseEnv({ LOG_LEVEL: "verbose" })).toThrow(
      "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got 'verbose').",
    );
  });

  test("unset: info, or warn under NODE_ENV=test", () => {
    expect(logLevel({}, undefined)).toBe("info");
    expect(logLevel({}, "production")).toBe("info");
    expect(logLevel({}, "test")).toBe("warn");
    expect(logLevel({ LOG_LEVEL: "debug" }, "test")).toBe("debug");
  });

  test("the Worker's console writer writes pino's line shape and filters alike", () => {
    const written: Array<[string, string]> = [];
    const log = logTo(consoleJsonLogger("warn", (level, line) => written.push([level, line])));
    log("info", "not written");
    log("warn", "written", { job: "x" });
    expect(written).toHaveLength(1);
    expect(written[0]![0]).toBe("warn");
    expect(JSON.parse(written[0]![1])).toEqual({
      level: "warn",
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      job: "x",
      message: "written",
    });
  });
});

describe("the Bun server's writer (decision 094)", () => {
  test("info lines wait and go out together within 100 ms; a warning takes what waits with it, in order", async () => {
    const chunks: string[] = [];
    const log = logTo(
      bunLogger(
        "info",
        batchedLines((chunk) => chunks.push(chunk)),
      ),
    );
    log("info", "first");
    log("info", "second");
    expect(chunks).toEqual([]);
    await Bun.sleep(150);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.split("\n").map((line) => line && JSON.parse(line).message)).toEqual([
      "first",
      "second",
      "",
    ]);

    log("info", "third");
    log("warn", "at once");
    expect(chunks).toHaveLength(2);
    expect(
      chunks[1]!
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).message),
    ).toEqual(["third", "at once"]);
  });

  test("fields that are not JSON do not lose the event", () => {
    const written: string[] = [];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    logTo(consoleJsonLogger("info", (_, line) => written.push(line)))("error", "still logged", { cyclic });
    expect(JSON.parse(written[0]!)).toEqual({
      level: "error",
      time: expect.any(String),
      message: "still logged",
      fieldsDropped: "not serializable as JSON",
    });
  });
});

describe.skipIf(!inProcess)(`access log, job and delivery lines (Bun + ${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  const market = fixedMarket("2023-10-27", { AAPL: 100 });

  beforeAll(async () => {
    t = await startTestApp();
    t.deps.market = market;
    // The transport is not what is tested here: mail is accepted and dropped.
    t.deps.mailer = { send: async () => {} };
    const user = await t.createUser({ emailVerified: true });
    userId = user.id;
    token = await t.signIn(user.email, "correct-horse-battery");
  });
  afterAll(() => t.close());

  test("one info line per request: request id (the X-Request-Id answered), method, path, status, duration, user", async () => {
    const { app, lines, raw } = loggedApp(t, "info");
    const signedIn = await app.request("/api/watchlist", { headers: bearer(token) });
    expect(signedIn.status).toBe(200);
    const anonymous = await app.request("/api/watchlist?code=sekrit-query-value", {
      headers: { cookie: "sb_session=cookie-value-123" },
    });
    expect(anonymous.status).toBe(401);

    expect(lines).toEqual([
      {
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        requestId: signedIn.headers.get("x-request-id"),
        method: "GET",
        path: "/api/watchlist",
        status: 200,
        durationMs: expect.any(Number),
        userId,
        message: "request",
      },
      expect.objectContaining({
        requestId: anonymous.headers.get("x-request-id"),
        path: "/api/watchlist",
        status: 401,
        userId: null,
      }),
    ]);
    expect(signedIn.headers.get("x-request-id")).toBeTruthy();
    const all = raw.join("");
    // Neither the bearer token, the cookie, nor a query value.
    expect(all).not.toContain(token);
    expect(all).not.toContain("cookie-value-123");
    expect(all).not.toContain("sekrit-query-value");
  });

  test("a request id the client sent is the one logged", async () => {
    const { app, lines } = loggedApp(t, "info");
    const response = await app.request("/api/auth/user", {
      headers: { ...bearer(token), "x-request-id": "trace-me-42" },
    });
    expect(response.headers.get("x-request-id")).toBe("trace-me-42");
    expect(lines).toEqual([expect.objectContaining({ requestId: "trace-me-42", status: 200, userId })]);
  });

  test("health probes are logged at debug only; warn writes no access line at all", async () => {
    const info = loggedApp(t, "info");
    await info.app.request("/api/health");
    await info.app.request("/api/ready");
    expect(info.lines).toEqual([]);

    const debug = loggedApp(t, "debug");
    await debug.app.request("/api/health");
    expect(debug.lines).toEqual([
      expect.objectContaining({ level: "debug", path: "/api/health", status: 200 }),
    ]);

    const warn = loggedApp(t, "warn");
    await warn.app.request("/api/watchlist", { headers: bearer(token) });
    expect(warn.lines).toEqual([]);
  });

  test("a failed query's log line names the statement and the driver's error, never its parameters", async () => {
    const { app, lines, raw } = loggedApp(t, "info");
    const client = t.deps.database.client;
    // A real failure of the very statements that carry secrets: the new user's argon2 hash, the session's token hash.
    await client.execute(
      "create trigger refuse_users before insert on users begin select raise(abort, 'refused by the test'); end",
    );
    await client.execute(
      "create trigger refuse_sessions before insert on sessions begin select raise(abort, 'refused by the test'); end",
    );
    try {
      const registered = await app.request("/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "params-in-logs@example.com", password: "a-secret-password-9" }),
      });
      const user = await t.createUser().catch(() => null);
      expect(user).toBeNull();
      const existing = await client.execute("select email from users limit 1");
      const signedIn = await app.request("/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: existing.rows[0]!.email, password: "correct-horse-battery" }),
      });
      expect([registered.status, signedIn.status]).toEqual([500, 500]);
    } finally {
      await client.execute("drop trigger refuse_users");
      await client.execute("drop trigger refuse_sessions");
    }
    const failures = lines.filter((line) => line.message === "Unhandled error");
    expect(failures).toHaveLength(2);
    for (const line of failures) {
      expect(line.error).toStartWith("DrizzleQueryError: Failed query: insert into ");
      // The driver's error (and its own cause on a file), with its code.
      expect(line.cause).toContainEqual(
        expect.stringMatching(/^LibsqlError: SQLITE_CONSTRAINT.*refused by the test/),
      );
    }
    const all = raw.join("");
    expect(all).not.toContain("$argon2");
    expect(all).not.toContain("params");
    expect(all).not.toContain("a-secret-password-9");
    // No token hash (64 hex digits) either.
    expect(all).not.toMatch(/[0-9a-f]{64}/);
  });

  test("a job run logs its start and end (name, duration, counts); each alert delivery its outcome, no address", async () => {
    const { app, deps, lines, raw } = loggedApp(t, "info");
    const { id: itemId } = await bodyOf(
      testClient(app).api.watchlist.$post(
        { json: { symbol: "AAPL", targetChangePercent: 5 } },
        { headers: bearer(token) },
      ),
      201,
    );
    const settings = await app.request("/api/notifications", {
      method: "PUT",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ emailAlerts: true, webhookUrl: null }),
    });
    expect(settings.status).toBe(200);
    market.prices.AAPL = 90;
    lines.length = 0;

    await runDueJobs(deps, ["check-alerts"]);
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", message: "Job started", job: "check-alerts" }),
      expect.objectContaining({
        level: "info",
        message: "Alert delivery",
        watchlistItemId: itemId,
        userId,
        channel: "email",
        attempt: 1,
        outcome: "sent",
      }),
      expect.objectContaining({
        level: "info",
        message: "Job finished",
        job: "check-alerts",
        outcome: "ok",
        durationMs: expect.any(Number),
        result: {
          check: { checked: 1, newAlerts: 1, rearmed: 0, emailsNotVerified: 0 },
          delivery: { sent: 1, retrying: 0, failed: 0 },
        },
      }),
    ]);
    expect(raw.join("")).not.toContain("@example.com");

    // The same period again is not due: a debug line only.
    lines.length = 0;
    await runDueJobs(deps, ["check-alerts"]);
    expect(lines).toEqual([]);
  });
});

describe.skipIf(testDbKind !== "file")("the Bun server's lines", () => {
  const dir = mkdtempSync(join(tmpdir(), "logging-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("JSON on stdout: the start-up line even at warn, and at info an access line per request", async () => {
    const url = `file:${join(dir, "app.db")}`;
    (await prepareDatabase(url)).client.close();
    const env = { DATABASE_URL: url, APP_SECRET: "logging-test-secret-logging-test-secret" };
    const quiet = await startBunServer(env);
    await fetch(`${quiet.url}/api/market/status`);
    await quiet.stop();
    const quietLines = quiet
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
    expect(quietLines).toEqual([
      expect.objectContaining({ level: "info", port: expect.any(Number), scheduler: false }),
    ]);
    expect(quietLines[0]!.message).toStartWith("Signalboard listening on http://localhost:");

    const server = await startBunServer({ ...env, LOG_LEVEL: "info" });
    const response = await fetch(`${server.url}/api/market/status`);
    await server.stop();
    const lines = server
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: "request",
        requestId: response.headers.get("x-request-id"),
        method: "GET",
        path: "/api/market/status",
        status: response.status,
      }),
    );
  }, 30_000);
});
