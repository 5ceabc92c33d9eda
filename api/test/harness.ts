import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "@hono/zod-openapi";
import { type ClientResponse, hc } from "hono/client";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { storeModels } from "../analysis/model-store.ts";
import { type AppType, createApp } from "../app.ts";
import { createDeps, type Runtime } from "../deps.ts";
import { createUser } from "../features/auth/auth.service.ts";
import type { Clock } from "../lib/clock.ts";
import type { AppConfig } from "../lib/config.ts";
import type { AppDeps, UserRow } from "../lib/context.ts";
import { consoleJsonLogger } from "../lib/logger.ts";
import { ErrorSchema } from "../lib/openapi.ts";
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

/** Who a typed call is from: a bearer token (a session's or an API key), or more headers too. */
export type Caller = string | { token?: string; ip?: string; headers?: Record<string, string> };

/** The headers that make a call come from `caller`. */
function callerHeaders(caller: Caller = {}): Record<string, string> {
  const { token, ip, headers = {} } = typeof caller === "string" ? { token: caller } : caller;
  return {
    ...headers,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(ip ? { "x-forwarded-for": ip } : {}),
  };
}

/**
 * The typed client over a raw `request`: what `t.api` is, and what a test app whose `request` is wrapped (answer
 * checks) builds again so its typed calls go through the wrapper too.
 */
export function typedOver(request: TestApp["request"]): TestApp["api"] {
  return (caller) =>
    hc<AppType>("http://localhost", {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : input);
        return request(url.pathname + url.search, init);
      },
      headers: callerHeaders(caller),
    }).api;
}

/** The API's typed client (`hc<AppType>`, what `testClient` gives), rooted at `/api`. */
export type Api = ReturnType<typeof hc<AppType>>["api"];

/** The body type of the answers among a typed call's possible responses that have status `S`. */
export type BodyAt<R, S extends number> =
  R extends ClientResponse<infer T, infer U, "json"> ? (U extends S ? T : never) : never;

/**
 * The JSON body of a typed call's answer once its status is `status` (a failure with the answer's text otherwise),
 * typed from the route for that status: tests read answers through this, never through a cast.
 */
export async function bodyOf<R extends ClientResponse<unknown, number, "json">, S extends R["status"]>(
  answer: R | Promise<R>,
  status: S,
): Promise<BodyAt<R, S>> {
  const res = await answer;
  if (res.status !== status) {
    throw new Error(`expected ${status}, answered ${res.status}: ${await res.text()}`);
  }
  // The one cast: TypeScript does not narrow a generic union by comparing its status.
  return (await res.json()) as BodyAt<R, S>;
}

/**
 * The `{ message, code }` body of an error answer with status `status`, read through the API's error schema: for raw
 * requests (bad input the typed client would not send), whose bodies have no type to take.
 */
export async function errorOf(answer: Response | Promise<Response>, status: number) {
  const res = await answer;
  if (res.status !== status) {
    throw new Error(`expected ${status}, answered ${res.status}: ${await res.text()}`);
  }
  return ErrorSchema.parse(await res.json());
}

/** What tests read of the OpenAPI document (served outside the typed routes), checked as it is read. */
const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  servers: z.array(z.unknown()).optional(),
  info: z.looseObject({
    version: z.string(),
    license: z.looseObject({ name: z.string(), identifier: z.string().optional() }).optional(),
  }),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.looseObject({
        operationId: z.string().optional(),
        requestBody: z.unknown().optional(),
        security: z.array(z.unknown()).optional(),
        responses: z.record(z.string(), z.unknown()),
      }),
    ),
  ),
  components: z.looseObject({
    schemas: z.record(
      z.string(),
      z.looseObject({
        properties: z.record(z.string(), z.looseObject({ description: z.string().optional() })).optional(),
      }),
    ),
  }),
});

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: ManualClock;
  /** Typed calls to the target (in process or the Worker), as `caller` (no token: signed out). */
  api(caller?: Caller): Api;
  /** The served OpenAPI document (GET /api/openapi.json). */
  openApi(): Promise<z.infer<typeof OpenApiDocument>>;
  /** A raw request, for what the typed client cannot send: malformed input, other methods, paths outside the API. */
  request(
    path: string,
    init?: RequestInit & { token?: string; json?: unknown; ip?: string },
  ): Promise<Response>;
  createUser(opts?: {
    email?: string;
    password?: string;
    isAdmin?: boolean;
    firstName?: string;
    lastName?: string;
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
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  const error = ErrorSchema.safeParse(body);
  if (!error.success || !error.data.message || !error.data.code) {
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
  const origin = worker ? worker.url : "http://localhost";
  // Every request, raw or typed, goes through here: to the Worker over HTTP or to the app in process.
  const send = async (url: URL, init: RequestInit): Promise<Response> => {
    const res = worker
      ? await fetch(url, { ...init, redirect: "manual" })
      : await app.request(url.pathname + url.search, init);
    return withErrorShape(init.method ?? "GET", url.pathname, res);
  };
  const request: TestApp["request"] = (path, init = {}) => {
    const { token, json, ip, ...rest } = init;
    const headers = new Headers(rest.headers);
    for (const [name, value] of Object.entries(callerHeaders({ token, ip }))) headers.set(name, value);
    if (json !== undefined) headers.set("content-type", "application/json");
    const body = json !== undefined ? JSON.stringify(json) : rest.body;
    return send(new URL(path, origin), { ...rest, headers, body });
  };
  const api = typedOver(request);
  return {
    app,
    deps,
    clock,
    api,
    request,
    async openApi() {
      const res = await request("/api/openapi.json");
      if (res.status !== 200) throw new Error(`the OpenAPI document answered ${res.status}`);
      return OpenApiDocument.parse(await res.json());
    },
    async createUser(opts = {}) {
      const result = await createUser(deps, {
        email: opts.email ?? uniqueEmail(),
        password: opts.password ?? "correct-horse-battery",
        firstName: opts.firstName ?? "Test",
        lastName: opts.lastName ?? "User",
        isAdmin: opts.isAdmin,
        emailVerified: opts.emailVerified,
      });
      if (!result.ok) throw new Error(`could not create user: ${result.message}`);
      return result.value;
    },
    async signIn(email, password) {
      const { user } = await bodyOf(api().auth.signin.$post({ json: { email, password } }), 200);
      if (!user.authToken) throw new Error(`sign-in answered no token for ${email}`);
      return user.authToken;
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

/**
 * Calls to a running server (a Bun process, a container or workerd) over real HTTP: typed through `api(caller)`, raw
 * through `request` (JSON bodies are POSTed unless another method is given).
 */
export function serverApi(baseUrl: string) {
  const api = (caller?: Caller): Api => hc<AppType>(baseUrl, { headers: callerHeaders(caller) }).api;
  return {
    api,
    request(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      for (const [name, value] of Object.entries(callerHeaders({ token }))) headers.set(name, value);
      if (json !== undefined) headers.set("content-type", "application/json");
      return fetch(`${baseUrl}${path}`, {
        ...rest,
        method: rest.method ?? (json === undefined ? "GET" : "POST"),
        headers,
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
    /** Registers (or, when the address is taken, signs in) and answers the session token, user id and API key. */
    async session(email: string, password: string): Promise<{ token: string; id: number; apiKey: string }> {
      const registered = await api().auth.register.$post({ json: { email, password } });
      const { user } =
        registered.status === 409
          ? await bodyOf(api().auth.signin.$post({ json: { email, password } }), 200)
          : await bodyOf(registered, 201);
      if (!user.authToken) throw new Error(`no session for ${email}`);
      return { token: user.authToken, id: user.id, apiKey: user.apiKey };
    },
  };
}

/**
 * Migrates the database at `url` and imports a slice of the bundled demo market and the served models into it, as a
 * deployment's seed would, so servers started on it afterwards have a market (symbols to watch, prices, a market date).
 */
export async function prepareDatabase(
  url: string,
  market: { symbols: string[]; from: string } = { symbols: ["AAPL", "MSFT"], from: "2023-06-01" },
): Promise<Database> {
  const database = createDb(url);
  await runMigrations(database.db);
  await importDemoMarket(database, await readDemoMarketFiles(), market);
  await storeModels(database.db, await readServedModelFiles());
  return database;
}

/** Dependencies for writing to a shared database from the test's side, as a Bun process with `secret` would. */
export function depsOn(database: Database, secret: string): AppDeps {
  const app = {
    secret,
    trustProxy: false,
    sessionIdleMs: 1_800_000,
    authRateLimit: { perIp: 100, perEmail: 100, windowMs: 60_000 },
  };
  return createDeps({ app, smtp: null }, testRuntime(database));
}
