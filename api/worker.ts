// The Cloudflare Workers runtime shell: the same createApp, with Workers-appropriate dependencies.
// Migrations are applied at deploy time (`bun scripts/migrate.ts`), not per isolate; that step also stores the served
// ranking models, which the Worker reads from the database on the first analyze or generation (decision 118).
import { createDb } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { createDeps, depsConfigFromEnv } from "./deps.ts";
import { featureApp, featuresOwning } from "./feature-apps.ts";
import { configFromEnv, type Env, logLevel, parseEnv } from "./lib/config.ts";
import type { AppDeps } from "./lib/context.ts";
import { consoleJsonLogger, logTo } from "./lib/logger.ts";
import { hasMarketData } from "./lib/market-port.ts";
import type { PasswordHasher } from "./lib/passwords.ts";
import { setSpaSecurityHeaders } from "./lib/security-headers.ts";
import { jsonResponse, MALFORMED_URL, unexpectedErrorResponse } from "./lib/shell-responses.ts";
import { ASSET_NOT_FOUND, isAssetLikePath, spaDocumentFor } from "./lib/static-paths.ts";
import { fetchWebhookSender } from "./lib/webhooks.ts";
import { configureMarket } from "./market/configure.ts";

interface WorkerEnv {
  ASSETS?: { fetch(request: Request): Promise<Response> };
  [key: string]: unknown;
}

let built: { deps: AppDeps; env: Env } | undefined;

// argon2id in JavaScript (@noble/hashes), imported on the first sign-in or registration: most first requests carry
// a session or an API key and never hash a password (decision 158).
const hasher = () => import("./runtime/portable-passwords.ts").then((m) => m.portablePasswordHasher);
const passwordsOnFirstUse: PasswordHasher = {
  hash: async (password) => (await hasher()).hash(password),
  verify: async (password, phc) => (await hasher()).verify(password, phc),
};
let marketReady: Promise<unknown> | undefined;

interface App {
  fetch(request: Request, env: WorkerEnv, ctx: never): Response | Promise<Response>;
}
let wholeApp: Promise<App> | undefined;
/** Keyed by the names of the features an app holds. */
const featureApps = new Map<string, Promise<App>>();

/**
 * The app that answers a path: the features owning it (api/feature-routes.ts), built on their first request, or the
 * whole app for any other path. An isolate loads a feature's modules only when a request needs them.
 */
function appFor(pathname: string, deps: AppDeps): Promise<App> {
  const features = featuresOwning(pathname);
  if (!features.length) {
    wholeApp ??= import("./app.ts").then(({ createApp }) => createApp(deps));
    return wholeApp;
  }
  const key = features.join(" ");
  let app = featureApps.get(key);
  if (!app) {
    app = featureApp(deps, features);
    featureApps.set(key, app);
  }
  return app;
}

/** Builds the dependencies once per isolate from the Worker's variables and secrets. */
function build(env: WorkerEnv) {
  if (built) return built;
  const strings = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const parsed = parseEnv(strings);
  if (!parsed.DATABASE_URL || parsed.DATABASE_URL.startsWith("file:")) {
    throw new Error("DATABASE_URL must point at a libSQL server or Turso on Workers.");
  }
  // The Worker's build leaves out the WebSocket transport (decision 167).
  if (/^wss?:/i.test(parsed.DATABASE_URL)) {
    throw new Error(
      "DATABASE_URL must be libsql://, https:// or http:// on Workers (no WebSocket transport).",
    );
  }
  if (!parsed.APP_SECRET)
    throw new Error("APP_SECRET is required on Workers (wrangler secret put APP_SECRET).");
  // No SMTP on Workers (no sockets to a mail server): createDeps picks the log stand-in for mail.
  const deps = createDeps(depsConfigFromEnv(parsed, configFromEnv(parsed, parsed.APP_SECRET)), {
    database: createDb(parsed.DATABASE_URL, parsed.DATABASE_AUTH_TOKEN, {
      concurrency: Number.POSITIVE_INFINITY,
      writesInTurn: false,
      keptReadStreams: false,
    }),
    passwords: passwordsOnFirstUse,
    webhooks: fetchWebhookSender(),
    clientAddress: (request) => request.headers.get("cf-connecting-ip"),
    // The Bun server's line shape, through the console (decisions 040 and 094).
    logger: consoleJsonLogger(logLevel(parsed, undefined)),
  });
  built = { deps, env: parsed };
  return built;
}

/** Plugs in the market once per isolate (the demo market needs its data seeded by `bun scripts/seed.ts`). */
async function ready(env: WorkerEnv) {
  const built = build(env);
  if (!hasMarketData(built.deps.market)) {
    // A database outage must not fail the request here: the app answers it (503), and the next request retries.
    marketReady ??= configureMarket(built.deps, built.env)
      .catch((error) => {
        if (!isDatabaseUnavailable(error)) throw error;
      })
      .finally(() => {
        marketReady = undefined;
      });
    await marketReady;
  }
  return built;
}

// Before (or without) the app's log, e.g. when the configuration is invalid: errors at any level.
const logError = logTo(consoleJsonLogger("error"));

/**
 * A path no static asset matched (wrangler.toml: not_found_handling = "none"): 404 for a missing file, the SPA's
 * index.html (dashboard.html for the dashboard's addresses) for a client route, as the Bun server's static handler answers (decision note 020).
 */
async function notAnAsset(request: Request, env: WorkerEnv): Promise<Response> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return jsonResponse(MALFORMED_URL, 400);
  }
  if (isAssetLikePath(pathname) || !env.ASSETS) return jsonResponse(ASSET_NOT_FOUND, 404);
  if (request.method !== "GET" && request.method !== "HEAD") {
    return jsonResponse({ message: "Method not allowed.", code: "METHOD_NOT_ALLOWED" }, 405, {
      allow: "GET, HEAD",
    });
  }
  // Cloudflare's assets answer /dashboard.html at /dashboard (and redirect the .html address), / with index.html.
  const document = spaDocumentFor(pathname) === "/dashboard.html" ? "/dashboard" : "/";
  const index = await env.ASSETS.fetch(
    new Request(new URL(document, request.url), { method: request.method }),
  );
  return new Response(index.body, index);
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: unknown) {
    try {
      const { pathname } = new URL(request.url);
      if (
        pathname === "/api" ||
        pathname.startsWith("/api/") ||
        pathname === "/health" ||
        pathname === "/metrics" ||
        pathname === "/__scheduled"
      ) {
        // The market's date is read while the path's feature loads: a first request waits for the later of them,
        // not for both in turn (decision 173).
        const { deps } = build(env);
        const [, app] = await Promise.all([ready(env), appFor(pathname, deps)]);
        return await app.fetch(request, env, ctx as never);
      }
      const response = await notAnAsset(request, env);
      // Cloudflare ends TLS itself and hands the Worker the https URL.
      setSpaSecurityHeaders(response.headers, new URL(request.url).protocol === "https:");
      return response;
    } catch (error) {
      // Never the runtime's own error page (wrangler dev's shows source): the app's 500 shape with a request id.
      return unexpectedErrorResponse(error, logError);
    }
  },
  /** Cron triggers (wrangler.toml) run the same idempotent jobs as the Bun scheduler. */
  async scheduled(_controller: unknown, env: WorkerEnv, ctx: { waitUntil(p: Promise<unknown>): void }) {
    ctx.waitUntil(
      Promise.all([ready(env), import("./jobs/schedule.ts")]).then(([{ deps }, jobs]) =>
        jobs.runDueJobs(deps),
      ),
    );
  },
};
