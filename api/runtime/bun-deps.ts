import type { Server } from "bun";
import type { Database } from "../../db/client.ts";
import { createDeps, depsConfigFromEnv, type Runtime } from "../deps.ts";
import { configFromEnv, type Env, logLevel } from "../lib/config.ts";
import type { AppDeps } from "../lib/context.ts";
import type { Logger } from "../lib/logger.ts";
import { createAppMetrics } from "../lib/metrics.ts";
import type { PasswordHasher } from "../lib/passwords.ts";
import { openDatabase, resolveSecret } from "./bun-database.ts";
import { type BunLogger, bunLogger } from "./bun-logger.ts";
import { bunWebhookSender } from "./bun-webhooks.ts";
import { smtpMailer } from "./smtp-mailer.ts";

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms a hash on this hardware. */
export const bunPasswordHasher: PasswordHasher = {
  hash: (password) => Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 }),
  verify: async (password, phc) => {
    try {
      return await Bun.password.verify(password, phc);
    } catch {
      return false;
    }
  },
};

/** The socket peer's address under Bun.serve (Hono passes the server as `env`). */
export function bunClientAddress(request: Request, env: unknown): string | null {
  const server = env as Server<unknown> | undefined;
  return server?.requestIP?.(request)?.address ?? null;
}

function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * What the Bun runtime provides: argon2id, SMTP, webhooks to checked addresses, the socket peer, `logger`, the
 * process's counters for /metrics and its CPU time.
 */
export function bunRuntime(database: Database, logger: Logger): Runtime {
  return {
    database,
    passwords: bunPasswordHasher,
    webhooks: bunWebhookSender(),
    smtp: smtpMailer,
    clientAddress: bunClientAddress,
    logger,
    metrics: createAppMetrics(),
    cpuNow: processCpuMs,
  };
}

/**
 * Everything the app needs under Bun, from the parsed environment: the database opened, the secret resolved, the log
 * at LOG_LEVEL on stdout (also answered as `logger`, for the server's start-up line).
 */
export async function buildBunDeps(env: Env): Promise<AppDeps & { databaseUrl: string; logger: BunLogger }> {
  const logger = bunLogger(logLevel(env, process.env.NODE_ENV));
  const { database, url } = await openDatabase(env);
  const config = depsConfigFromEnv(env, configFromEnv(env, await resolveSecret(env, url, database)));
  return { ...createDeps(config, bunRuntime(database, logger)), databaseUrl: url, logger };
}
