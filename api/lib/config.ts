import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./ip-address.ts";
import { LOG_LEVELS, type LogLevelSetting } from "./logger.ts";

const bool = () =>
  z
    .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
    .transform((v) => ["true", "1", "on", "yes"].includes(v));

/**
 * One environment variable: its schema, built only when the variable is set, and its value when it is not. A Worker's
 * isolate sets a handful of these, and each zod schema built costs a cold isolate's first request (decision 168).
 */
interface Variable<S extends z.ZodType, Unset> {
  schema: () => S;
  unset: Unset;
}
const optional = <S extends z.ZodType>(schema: () => S): Variable<S, undefined> => ({
  schema,
  unset: undefined,
});
const defaulted = <S extends z.ZodType>(schema: () => S, unset: z.output<S>): Variable<S, z.output<S>> => ({
  schema,
  unset,
});

/** Every environment variable the app reads, with its default. The README's configuration table mirrors this. */
export const ENV_VARIABLES = {
  PORT: defaulted(() => z.coerce.number().int().min(0).max(65535), 3000),
  DATABASE_URL: optional(() => z.string().min(1)),
  DATABASE_AUTH_TOKEN: optional(() => z.string().min(1)),
  /**
   * With a `file:` DATABASE_URL: the primary (libSQL server or Turso) that file is an embedded replica of.
   * Reads are local, writes go to the primary, and this process reads its own writes at once.
   */
  DATABASE_SYNC_URL: optional(() => z.url()),
  /** Seconds between an embedded replica's background syncs (other processes' writes show up within this). */
  DATABASE_SYNC_INTERVAL_SECONDS: defaulted(() => z.coerce.number().min(0.1), 1),
  /**
   * With an embedded file: how long a write waits for another process's (or transaction's) write lock, from when it
   * was issued, before the request answers 503; other requests are served meanwhile (decisions 019 and 086).
   */
  DATABASE_BUSY_TIMEOUT_MS: defaulted(() => z.coerce.number().int().min(0), 5000),
  /**
   * 32+ characters; encrypts stored API keys. Unset: generated beside an embedded database that holds no keys yet;
   * one that does not open the stored keys stops the start (decision 086).
   */
  APP_SECRET: optional(() => z.string().min(32, "APP_SECRET must be at least 32 characters")),
  /**
   * The reverse proxies of ours in front of the app, whose X-Forwarded-For and X-Forwarded-Proto entries count:
   * a hop count (`true` = 1, `false` = 0) or a comma list of their addresses/CIDRs (decision note 018).
   */
  TRUST_PROXY: defaulted(
    () =>
      z.string().transform((value, ctx): TrustProxy => {
        const parsed = parseTrustProxy(value);
        if (parsed !== null) return parsed;
        ctx.addIssue({
          code: "custom",
          message: "TRUST_PROXY must be true, false, a hop count or a comma list of proxy addresses/CIDRs",
        });
        return z.NEVER;
      }),
    false,
  ),
  /** Idle minutes after which a session ends on the server. */
  SESSION_IDLE_MINUTES: defaulted(() => z.coerce.number().int().min(1), 30),
  /** Sign-in/registration attempts allowed per client address and per email in each window. */
  AUTH_RATE_LIMIT_PER_IP: defaulted(() => z.coerce.number().int().min(1), 30),
  AUTH_RATE_LIMIT_PER_EMAIL: defaulted(() => z.coerce.number().int().min(1), 10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: defaulted(() => z.coerce.number().int().min(1), 600),
  /**
   * Who may create an account: anyone (open), nobody through the app (closed), or only an administrator with
   * `bun scripts/admin.ts create-user` (invite-only). Closed and invite-only also stop provider sign-ups.
   */
  REGISTRATION: defaulted(() => z.enum(["open", "closed", "invite-only"]), "open"),
  /**
   * At start, import the demo market and its recommendation history when missing, and in demo mode create the
   * demo accounts once.
   */
  SEED_ON_START: defaulted(() => bool(), true),
  /**
   * The demo accounts with their published passwords, created only on a database with no users. Default: only in
   * demo mode, i.e. the demo market on a local `file:` database that is not a replica. `true` forces them on (a
   * shared demo), `false` off.
   */
  DEMO_ACCOUNTS: optional(() => bool()),
  /**
   * The quietest log level written: trace, debug, info, warn, error, fatal or silent. Unset: info, except under
   * NODE_ENV=test, where warn keeps test output quiet (logLevel).
   */
  LOG_LEVEL: optional(() =>
    z.preprocess(
      (value) => (typeof value === "string" ? value.toLowerCase() : value),
      z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }),
    ),
  ),
  /** Market data: the offline demo market of bundled real history, or a live provider (yahoo, finnhub). */
  MARKET_DATA_PROVIDER: defaulted(() => z.enum(["demo", "yahoo", "finnhub"]), "demo"),
  /** Yahoo Finance's API address (no key needed). */
  YAHOO_BASE_URL: defaulted(() => z.url(), "https://query2.finance.yahoo.com"),
  /** Finnhub's API key (needed for MARKET_DATA_PROVIDER=finnhub) and address. */
  FINNHUB_API_KEY: optional(() => z.string().min(1)),
  FINNHUB_BASE_URL: defaulted(() => z.url(), "https://finnhub.io/api/v1"),
  /** How long a live quote is served from the database cache before the provider is asked again. */
  QUOTE_CACHE_SECONDS: defaulted(() => z.coerce.number().int().min(1), 60),
  /** The demo market's "today" (YYYY-MM-DD); default the last trading day in the data. */
  MARKET_AS_OF: optional(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "MARKET_AS_OF must be YYYY-MM-DD")),
  /**
   * Run the scheduled jobs (alerts, quotes, daily recommendations) on a timer in the Bun server. Unset: on, except
   * under NODE_ENV=test (schedulerEnabled).
   */
  SCHEDULER: optional(() => bool()),
  /** Any OpenAI-compatible chat-completions endpoint to write analysis prose (numbers never come from it). */
  LLM_BASE_URL: optional(() => z.url()),
  LLM_API_KEY: optional(() => z.string().min(1)),
  LLM_MODEL: defaulted(() => z.string().min(1), "gpt-4o-mini"),
  /** SMTP server for email (alerts, password reset); without it mail is written to the log. */
  SMTP_URL: optional(() => z.string().min(1)),
  MAIL_FROM: defaulted(() => z.string().min(3), "Signalboard <no-reply@localhost>"),
  /**
   * Without SMTP_URL, keep mail (reset codes, alerts) in an outbox admins read in the admin panel. Only where the
   * demo accounts are on (mailOutboxEnabled): on there by default, `false` turns it off; elsewhere `true` is ignored.
   */
  MAIL_OUTBOX: optional(() => bool()),
  /** The app's public address, for OAuth redirect URIs; default http://localhost:PORT. */
  PUBLIC_URL: optional(() => z.url()),
  GITHUB_CLIENT_ID: optional(() => z.string().min(1)),
  GITHUB_CLIENT_SECRET: optional(() => z.string().min(1)),
  /** GitHub's web and API addresses (change them only to test against a local stand-in). */
  GITHUB_OAUTH_URL: defaulted(() => z.url(), "https://github.com"),
  GITHUB_API_URL: defaulted(() => z.url(), "https://api.github.com"),
  GOOGLE_CLIENT_ID: optional(() => z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(() => z.string().min(1)),
  /** The OpenID issuer whose discovery document gives Google's endpoints. */
  GOOGLE_ISSUER: defaulted(() => z.url(), "https://accounts.google.com"),
  /** Let users point alert webhooks at loopback and private addresses (local testing only). */
  ALLOW_PRIVATE_WEBHOOKS: defaulted(() => bool(), false),
  /**
   * Browser origins (comma list, exact: `https://tool.example.com`) whose pages may call the API with an API key or
   * session token in the Authorization header, never with cookies. Default: none, the API answers same-origin only.
   */
  CORS_ORIGINS: defaulted(
    () =>
      z.string().transform((value, ctx) => {
        const origins = value
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean);
        for (const origin of origins) {
          if (URL.parse(origin)?.origin !== origin) {
            ctx.addIssue({
              code: "custom",
              message: `CORS_ORIGINS: '${origin}' is not an origin; write scheme://host[:port], no path or trailing slash`,
            });
          }
        }
        return origins;
      }),
    [],
  ),
  /**
   * Serves Prometheus metrics at /metrics to `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics answers 404
   * (decision 088). Not on Workers, where each isolate counts only its own requests.
   */
  METRICS_TOKEN: optional(() => z.string().min(16, "METRICS_TOKEN must be at least 16 characters")),
};

type Value<V> =
  V extends Variable<infer S, infer Unset>
    ? z.output<S> | (undefined extends Unset ? undefined : never)
    : never;
type Variables = typeof ENV_VARIABLES;
type Unsettable = {
  [K in keyof Variables]: undefined extends Variables[K]["unset"] ? K : never;
}[keyof Variables];

/** The environment as parsed: a variable without a default is absent when unset. */
export type Env = { [K in Exclude<keyof Variables, Unsettable>]: Value<Variables[K]> } & {
  [K in Unsettable]?: Value<Variables[K]>;
};

export interface AppConfig {
  secret: string;
  /** Which X-Forwarded-* entries to believe: see TRUST_PROXY. */
  trustProxy: TrustProxy;
  sessionIdleMs: number;
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  /** Who may create an account (REGISTRATION); absent means open. */
  registration?: Registration;
  allowPrivateWebhooks?: boolean;
  /** Origins allowed to call the API from the browser without cookies (CORS_ORIGINS); absent means none. */
  corsOrigins?: string[];
  /** METRICS_TOKEN: who may scrape /metrics; absent, /metrics is off. */
  metricsToken?: string;
  oauth?: OAuthConfig;
}

export type Registration = Env["REGISTRATION"];

export interface OAuthConfig {
  publicUrl: string;
  github?: { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string };
  google?: { clientId: string; clientSecret: string; issuer: string };
}

/**
 * Whether this process runs the demo (docs/decisions/019-demo-accounts-and-embedded-writers.md): the demo market on
 * a local embedded file, or DEMO_ACCOUNTS=true. Anything else is a deployment, where no account may have a
 * password printed in the README.
 */
export function demoAccountsEnabled(
  env: Pick<Env, "DEMO_ACCOUNTS" | "MARKET_DATA_PROVIDER" | "DATABASE_URL" | "DATABASE_SYNC_URL">,
): boolean {
  if (env.DEMO_ACCOUNTS !== undefined) return env.DEMO_ACCOUNTS;
  return localDemoMode(env);
}

/** The local demo: the demo market on a local embedded file that is not a replica (what the quick start runs). */
export function localDemoMode(
  env: Pick<Env, "MARKET_DATA_PROVIDER" | "DATABASE_URL" | "DATABASE_SYNC_URL">,
): boolean {
  const localFile = (env.DATABASE_URL ?? "file:").startsWith("file:") && !env.DATABASE_SYNC_URL;
  return env.MARKET_DATA_PROVIDER === "demo" && localFile;
}

/**
 * Whether mail goes to the outbox admins read (docs/decisions/100-outbox-only-with-demo-accounts.md): only where the
 * demo accounts are on (demoAccountsEnabled), never with SMTP_URL, and MAIL_OUTBOX=false turns it off there. An
 * admin reads every reset code in the outbox, so anywhere else (`MAIL_OUTBOX=true` included) the rule stays that no
 * reset code is issued without a mail server.
 */
export function mailOutboxEnabled(
  env: Pick<
    Env,
    | "SMTP_URL"
    | "MAIL_OUTBOX"
    | "DEMO_ACCOUNTS"
    | "MARKET_DATA_PROVIDER"
    | "DATABASE_URL"
    | "DATABASE_SYNC_URL"
  >,
): boolean {
  if (env.SMTP_URL || !demoAccountsEnabled(env)) return false;
  return env.MAIL_OUTBOX ?? true;
}

/**
 * Whether the Bun server runs the scheduled jobs: SCHEDULER when set, otherwise on, so a default install delivers
 * watchlist alerts, except under NODE_ENV=test (`bun test` sets it, and the servers tests spawn inherit it), where
 * a job firing at start would change what a test sees (docs/decisions/031-scheduler-on-by-default.md).
 */
export function schedulerEnabled(env: Pick<Env, "SCHEDULER">, nodeEnv: string | undefined): boolean {
  return env.SCHEDULER ?? nodeEnv !== "test";
}

/** The level LOG_LEVEL names; unset, info, or warn under NODE_ENV=test (`bun test` sets it) so tests stay quiet. */
export function logLevel(env: Pick<Env, "LOG_LEVEL">, nodeEnv: string | undefined): LogLevelSetting {
  return env.LOG_LEVEL ?? (nodeEnv === "test" ? "warn" : "info");
}

/**
 * A setting the process cannot start with. `message` is one sentence an operator can act on; `variables` names the
 * environment variables to change. The runtime shells print it as the one line of a start that stopped.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
  }
}

/** Settings whose value a start-up line never repeats: they may hold a secret (a token in a URL, a password). */
const UNREPEATABLE = /SECRET|TOKEN|KEY|PASSWORD|_URL$/;

/** Parses the environment once at start; a bad value stops the process with one line naming each bad variable. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed: Record<string, unknown> = {};
  const variables: string[] = [];
  const sentences: string[] = [];
  for (const [name, variable] of Object.entries(ENV_VARIABLES)) {
    const value = env[name];
    if (value === undefined || value === "") {
      if (variable.unset !== undefined) parsed[name] = variable.unset;
      continue;
    }
    const result = variable.schema().safeParse(value);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    variables.push(name);
    for (const issue of result.error.issues) {
      const said = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      sentences.push(UNREPEATABLE.test(name) ? said : `${said} (got '${value}')`);
    }
  }
  if (sentences.length) throw new ConfigError(variables, `${sentences.join("; ")}.`);
  return parsed as Env;
}

export function configFromEnv(env: Env, secret: string): AppConfig {
  return {
    secret,
    trustProxy: env.TRUST_PROXY,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: env.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    registration: env.REGISTRATION,
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS,
    corsOrigins: env.CORS_ORIGINS,
    metricsToken: env.METRICS_TOKEN,
    oauth: {
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
      github:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? {
              clientId: env.GITHUB_CLIENT_ID,
              clientSecret: env.GITHUB_CLIENT_SECRET,
              oauthUrl: env.GITHUB_OAUTH_URL.replace(/\/$/, ""),
              apiUrl: env.GITHUB_API_URL.replace(/\/$/, ""),
            }
          : undefined,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              issuer: env.GOOGLE_ISSUER.replace(/\/$/, ""),
            }
          : undefined,
    },
  };
}
