import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { storeModels } from "../analysis/model-store.ts";
import { createApp } from "../app.ts";
import { createDeps, type Runtime } from "../deps.ts";
import { createUser } from "../features/auth/auth.service.ts";
import type { Clock } from "../lib/clock.ts";
import type { AppConfig } from "../lib/config.ts";
import type { AppDeps, UserRow } from "../lib/context.ts";
import { consoleJsonLogger } from "../lib/logger.ts";
import { configureMarket } from "../market/configure.ts";
import { type DemoMarketFiles, importDemoMarket } from "../market/demo-import.ts";
import { bunRuntime } from "../runtime/bun-deps.ts";
import { readDemoMarketFiles } from "../runtime/demo-market-files.ts";
import { readServedModelFiles } from "../runtime/model-files.ts";
import { startSqld } from "./sqld.ts";
import { startWorkerd } from "./workerd.ts";

/**
 * Where requests go: TEST_TARGET=bun (default) answers them in this process through `app.request`;
 * TEST_TARGET=workerd sends them over HTTP to the Worker (api/worker.ts) running in workerd on the same sqld
 * database. Tests that move the clock or plug in-process stand-ins skip themselves unless `inProcess`.
 */
export const testTarget = (process.env.TEST_TARGET ?? "bun") as "bun" | "workerd";
export const inProcess = testTarget === "bun";
/** Which database the API suite runs on: TEST_DB=file (default) or TEST_DB=sqld (always sqld in workerd). */
export const testDbKind = (testTarget === "workerd" ? "sqld" : (process.env.TEST_DB ?? "file")) as
  | "file"
  | "sqld";
/** The target's name in test titles. */
export const targetName = `${testTarget === "workerd" ? "workerd" : "Bun"} + ${testDbKind}`;

/**
 * Bun's runtime with the test's clock and a silent log (tests assert on answers; a test that reads the log
 * replaces deps.log).
 */
export function testRuntime(database: Database, clock?: Clock): Runtime {
  return { ...bunRuntime(database, consoleJsonLogger("silent")), clock };
}

/** A clock the test can move. */
export class ManualClock implements Clock {
  constructor(private time = Date.parse("2026-11-23T12:00:00Z")) {}
  now() {
    return new Date(this.time);
  }
  advance(ms: number) {
    this.time += ms;
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: ManualClock;
  request(
    path: string,
    init?: RequestInit & { token?: string; json?: unknown; ip?: string },
  ): Promise<Response>;
  createUser(opts?: {
    email?: string;
    password?: string;
    isAdmin?: boolean;
    firstName?: string;
    /** As if the holder had proven the address (a completed reset or a verification code). */
    emailVerified?: boolean;
  }): Promise<UserRow>;
  signIn(email: string, password: string): Promise<string>;
  /** Imports part of the real bundled demo market and plugs the market and the engine in; answers its date. */
  useDemoMarket(options?: { symbols?: string[]; from?: string; asOf?: string }): Promise<string>;
  close(): Promise<void>;
}

let demoFiles: Promise<DemoMarketFiles> | undefined;

/** The Worker's variables for the same configuration the in-process app gets. */
function workerVars(config: AppConfig, mailOutbox: boolean): Record<string, string> {
  return {
    APP_SECRET: config.secret,
    // As NODE_ENV=test does for the in-process app: warnings and errors only.
    LOG_LEVEL: "warn",
    TRUST_PROXY: String(config.trustProxy),
    SESSION_IDLE_MINUTES: String(Math.max(1, Math.round(config.sessionIdleMs / 60_000))),
    AUTH_RATE_LIMIT_PER_IP: String(config.authRateLimit.perIp),
    AUTH_RATE_LIMIT_PER_EMAIL: String(config.authRateLimit.perEmail),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(Math.round(config.authRateLimit.windowMs / 1000)),
    CORS_ORIGINS: (config.corsOrigins ?? []).join(","),
    ...(config.metricsToken ? { METRICS_TOKEN: config.metricsToken } : {}),
    // The outbox is on only where the demo accounts are (decision 100); the Worker creates none itself.
    ...(mailOutbox ? { DEMO_ACCOUNTS: "true", MAIL_OUTBOX: "true" } : {}),
  };
}

/**
 * Every API error answer any test receives has the one error shape, `{ message, code }` with both strings
 * (docs/decisions/073-one-error-vocabulary.md): a test request that gets another shape fails, whatever it asserts.
 */
async function withErrorShape(method: string, path: string, res: Response): Promise<Response> {
  if (res.status < 400 || !path.startsWith("/api/") || method === "HEAD") return res;
  if (res.headers.get("content-encoding")) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; code?: unknown } | null;
  if (typeof body?.message !== "string" || !body.message || typeof body.code !== "string" || !body.code) {
    throw new Error(
      `${method} ${path} answered ${res.status} without { message, code }: ${JSON.stringify(body)}`,
    );
  }
  return res;
}

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now()}-${++counter}@example.com`;

/**
 * A freshly migrated database (embedded file or a real sqld process) and the composed app on it. `mailOutbox`: mail
 * goes to the outbox admins read (as with the demo accounts on), on either target, instead of only to the log.
 */
let modelFiles: Promise<string[]> | undefined;

export async function startTestApp(
  config: Partial<AppConfig> = {},
  {
    mailOutbox = false,
    workerDatabaseUrl = (url: string) => url,
  }: {
    mailOutbox?: boolean;
    /** On workerd: the address the Worker is given for the database (a test's proxy in front of sqld). */
    workerDatabaseUrl?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (testDbKind === "sqld") {
    const server = await startSqld();
    url = server.url;
    cleanup = server.stop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), "api-test-"));
    url = `file:${join(dir, "test.db")}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const database = createDb(url);
  await runMigrations(database.db);
  // The served models, as a deployment's migrate path and seed store them (decision 118).
  modelFiles ??= readServedModelFiles();
  await storeModels(database.db, await modelFiles);
  const clock = new ManualClock();
  // As a server without SMTP or an LLM: tests that need mail, a market or webhooks plug their own in.
  const deps = createDeps(
    {
      app: {
        secret: "test-secret-test-secret-test-secret-0123",
        trustProxy: true,
        sessionIdleMs: 30 * 60_000,
        authRateLimit: { perIp: 1000, perEmail: 1000, windowMs: 600_000 },
        ...config,
      },
      smtp: null,
      mailOutbox,
    },
    testRuntime(database, clock),
  );
  const app = createApp(deps);
  const worker =
    testTarget === "workerd"
      ? await startWorkerd({ ...workerVars(deps.config, mailOutbox), DATABASE_URL: workerDatabaseUrl(url) })
      : null;
  if (worker) {
    const stopDatabase = cleanup;
    cleanup = async () => {
      await worker.stop();
      await stopDatabase();
    };
  }
  const request: TestApp["request"] = (path, init = {}) => {
    const { token, json, ip, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (ip) headers.set("x-forwarded-for", ip);
    if (json !== undefined) headers.set("content-type", "application/json");
    const requestInit = { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body };
    const answer = worker
      ? fetch(new URL(path, worker.url), { ...requestInit, redirect: "manual" })
      : Promise.resolve(app.request(path, requestInit));
    return answer.then((res) => withErrorShape(rest.method ?? "GET", path, res));
  };
  return {
    app,
    deps,
    clock,
    request,
    async createUser(opts = {}) {
      const result = await createUser(deps, {
        email: opts.email ?? uniqueEmail(),
        password: opts.password ?? "correct-horse-battery",
        firstName: opts.firstName ?? "Test",
        lastName: "User",
        isAdmin: opts.isAdmin,
        emailVerified: opts.emailVerified,
      });
      if (!result.ok) throw new Error(`could not create user: ${result.message}`);
      return result.value;
    },
    async signIn(email, password) {
      const res = await request("/api/auth/signin", { method: "POST", json: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { user: { authToken: string } };
      return body.user.authToken;
    },
    async useDemoMarket(options = {}) {
      demoFiles ??= readDemoMarketFiles();
      await importDemoMarket(database, await demoFiles, {
        symbols: options.symbols ?? ["AAPL", "MSFT", "NVDA", "JPM", "XOM"],
        from: options.from ?? "2022-01-01",
      });
      const asOf = await configureMarket(deps, { MARKET_AS_OF: options.asOf });
      if (!asOf) throw new Error("the demo market import left no prices");
      return asOf;
    },
    async close() {
      database.client.close();
      await cleanup();
    },
  };
}
