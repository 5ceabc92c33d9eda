import type { Server } from "bun";
import { systemClock } from "../lib/clock.ts";
import { configFromEnv, type Env } from "../lib/config.ts";
import type { AppDeps } from "../lib/context.ts";
import { logMailer } from "../lib/mailer.ts";
import { narrativeFromEnv } from "../lib/narrative.ts";
import type { PasswordHasher } from "../lib/passwords.ts";
import { openDatabase, resolveSecret } from "./bun-database.ts";
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

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;

/** Everything the app needs under Bun, from the parsed environment. */
export async function buildBunDeps(env: Env): Promise<AppDeps & { databaseUrl: string }> {
  const { database, url } = await openDatabase(env);
  const min = levels[env.LOG_LEVEL];
  const log: AppDeps["log"] = (level, message, extra) => {
    if (levels[level] < min) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...extra });
    if (level === "error" || level === "warn") console.error(line);
    else console.log(line);
  };
  return {
    database,
    databaseUrl: url,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : logMailer((text) => log("info", text)),
    clock: systemClock,
    config: configFromEnv(env, resolveSecret(env, url)),
    passwords: bunPasswordHasher,
    webhooks: bunWebhookSender(),
    clientAddress: bunClientAddress,
    log,
    narrative: narrativeFromEnv(env),
  };
}
