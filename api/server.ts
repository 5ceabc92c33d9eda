// The Bun runtime shell: reads the environment, builds the dependencies, serves the API and the built SPA.
import { join } from "node:path";
import { createApp } from "./app.ts";
import { runDueJobs } from "./jobs/schedule.ts";
import { ConfigError, demoAccountsEnabled, type Env, parseEnv, schedulerEnabled } from "./lib/config.ts";
import { forwardedHttps } from "./lib/ip-address.ts";
import { errorFields } from "./lib/logger.ts";
import { unexpectedErrorResponse } from "./lib/shell-responses.ts";
import { configureMarket } from "./market/configure.ts";
import { buildBunDeps } from "./runtime/bun-deps.ts";
import { startupLog } from "./runtime/bun-logger.ts";
import { seedInChildProcess } from "./runtime/seed-process.ts";
import { stopStart } from "./runtime/start-failure.ts";
import { createStaticHandler } from "./runtime/static-files.ts";
import { retireDemoPasswords } from "./seed/demo-accounts.ts";
import { retiredWarning } from "./seed/seed.ts";

/** Everything before the first request. Whatever fails here stops the start with one line (stopStart). */
async function start() {
  const env = parseEnv(process.env);
  const deps = await buildBunDeps(env);
  const demoAccounts = demoAccountsEnabled(env);
  if (env.MAIL_OUTBOX && !env.SMTP_URL && !demoAccounts) {
    // mailOutboxEnabled leaves it off: an admin reads every reset code there (decision 100).
    deps.log(
      "warn",
      "MAIL_OUTBOX=true is ignored: the mail outbox is on only with the demo accounts (DEMO_ACCOUNTS). Without " +
        "SMTP_URL a password reset answers 503; an operator sets a password with bun scripts/admin.ts reset-password.",
    );
  }
  if (env.SEED_ON_START) {
    await seedInChildProcess();
  } else if (!demoAccounts) {
    for (const line of retiredWarning(await retireDemoPasswords(deps))) deps.log("warn", line);
  }
  const marketDate = await configureMarket(deps, env);
  const server = listen(env, deps);
  return { env, deps, marketDate, server };
}

/** Serves the API and the SPA on PORT; a port another process listens on is a setting to change. */
function listen(env: Env, deps: Awaited<ReturnType<typeof buildBunDeps>>) {
  try {
    return serve(env, deps);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "EADDRINUSE") throw error;
    throw new ConfigError(
      ["PORT"],
      `port ${env.PORT} is taken by another process; stop it or set PORT to a free port.`,
    );
  }
}

function serve(env: Env, deps: Awaited<ReturnType<typeof buildBunDeps>>) {
  const app = createApp(deps);
  const serveStatic = createStaticHandler(join(import.meta.dir, "../dist"));
  const staticLines = deps.logger.isLevelEnabled("debug");

  return Bun.serve({
    port: env.PORT,
    hostname: process.env.HOST ?? "0.0.0.0",
    // Production mode whatever NODE_ENV says: Bun's development mode answers a thrown error with an HTML page of
    // source lines and paths. `error` keeps even those answers in the app's JSON shape (decision note 020).
    development: false,
    // Bun sets SO_REUSEPORT unless told not to, and a second server on the port would start and share it silently.
    reusePort: false,
    fetch(request, srv) {
      // The path without parsing the whole URL (every request asks): after "scheme://host", before any "?".
      const url = request.url;
      const start = url.indexOf("/", url.indexOf("//") + 2);
      const query = url.indexOf("?", start);
      const pathname = query === -1 ? url.slice(start) : url.slice(start, query);
      if (
        pathname === "/api" ||
        pathname.startsWith("/api/") ||
        pathname === "/health" ||
        pathname === "/metrics"
      ) {
        return app.fetch(request, srv);
      }
      if (request.method !== "GET" && request.method !== "HEAD") {
        return new Response("Method Not Allowed", { status: 405 });
      }
      const https =
        new URL(request.url).protocol === "https:" ||
        forwardedHttps(env.TRUST_PROXY, {
          peer: srv.requestIP(request)?.address ?? null,
          forwardedFor: request.headers.get("x-forwarded-for"),
          forwardedProto: request.headers.get("x-forwarded-proto"),
        });
      // The SPA's files and pages: an access line at debug only (the API's lines say what the user did).
      if (!staticLines) return serveStatic(request, https);
      const started = performance.now();
      return serveStatic(request, https).then((response) => {
        deps.log("debug", "static", {
          method: request.method,
          path: pathname,
          status: response.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        });
        return response;
      });
    },
    error: (error) => unexpectedErrorResponse(error, deps.log),
  });
}

const { env, deps, marketDate, server } = await start().catch(stopStart);

const scheduler = schedulerEnabled(env, process.env.NODE_ENV);
if (scheduler) {
  // Every job is idempotent per period, so a minute tick (and other processes ticking too) is safe.
  const tick = () =>
    runDueJobs(deps).catch((error) => deps.log("error", "Scheduled jobs failed", errorFields(error)));
  setInterval(tick, 60_000);
  void tick();
}

// Never a token or password a URL might carry (libsql://user:pass@host?authToken=...).
const database = deps.databaseUrl.replace(/\/\/[^/@]*@/, "//").replace(/\?.*$/, "");
startupLog(deps.logger)(
  "info",
  `Signalboard listening on http://localhost:${server.port} (database ${database}; ` +
    `demo market as of ${marketDate ?? "no data"}; scheduler ${scheduler ? "on" : "off"})`,
  { port: server.port, database, marketAsOf: marketDate ?? null, scheduler },
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    deps.log("info", "Stopping", { signal });
    await server.stop();
    deps.database.client.close();
    process.exit(0);
  });
}
