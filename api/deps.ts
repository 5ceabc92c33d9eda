// The one place the app's dependencies are assembled (docs/decisions/023-one-dependency-assembly.md): the Bun
// server and scripts (runtime/bun-deps.ts), the Worker (worker.ts) and the tests (test/harness.ts) each hand in
// what their runtime provides, and every stand-in for something not configured is chosen here, on purpose.
import type { Database } from "../db/client.ts";
import { createAnswerCache } from "./lib/answer-cache.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { type AppConfig, type Env, mailOutboxEnabled } from "./lib/config.ts";
import type { AppDeps } from "./lib/context.ts";
import { type Logger, logTo } from "./lib/logger.ts";
import { outboxMailer } from "./lib/mail-outbox.ts";
import { logMailer, type Mailer } from "./lib/mailer.ts";
import { marketWithoutData } from "./lib/market-port.ts";
import type { AppMetrics } from "./lib/metrics.ts";
import { narrativeFromEnv } from "./lib/narrative.ts";
import type { PasswordHasher } from "./lib/passwords.ts";
import type { WebhookSender } from "./lib/webhooks.ts";
import { createWorkBudget } from "./lib/work-budget.ts";

/**
 * What one user's expensive reads may spend of a process (decision 089): two at once, as the Historical tab's cards
 * and its table may ask together; 3 s of them in a burst, then a tenth of the process's time.
 */
export const EXPENSIVE_READS_PER_USER = { inFlight: 2, burstMs: 3_000, share: 0.1 };

/** What createDeps reads from the configuration. */
export interface DepsConfig {
  app: AppConfig;
  /** SMTP_URL and MAIL_FROM; null where no mail server is configured. */
  smtp: { url: string; from: string } | null;
  /** Without SMTP, keep mail in the outbox admins read (mailOutboxEnabled: only with the demo accounts). */
  mailOutbox?: boolean;
  /** LLM_BASE_URL and friends; without a base URL analyses keep the engine's template prose. */
  llm?: Pick<Env, "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL">;
}

/** What only the runtime can provide. */
export interface Runtime {
  database: Database;
  passwords: PasswordHasher;
  /** How alert webhooks are sent: with DNS checks on Bun, literal-address checks on Workers (decision 016). */
  webhooks: WebhookSender;
  /**
   * The log, already at LOG_LEVEL: JSON lines to stdout in batches on Bun (runtime/bun-logger.ts), to the console
   * on Workers, silent in tests (decisions 040 and 094).
   */
  logger: Logger;
  /** An SMTP mailer, where the runtime can open sockets (Bun); Workers have none. */
  smtp?: (url: string, from: string) => Mailer;
  /** The client's address as the runtime sees it; absent where only forwarded headers tell. */
  clientAddress?: AppDeps["clientAddress"];
  clock?: Clock;
  /** The process's counters for /metrics, where one process answers every scrape (not on Workers: decision 088). */
  metrics?: AppMetrics;
  /** Milliseconds of CPU the process has used, where the runtime can tell (Bun), for the work budget (decision 166). */
  cpuNow?: () => number;
}

/** The configuration createDeps reads, from the parsed environment and the secret the runtime resolved. */
export function depsConfigFromEnv(env: Env, app: AppConfig): DepsConfig {
  return {
    app,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null,
    mailOutbox: mailOutboxEnabled(env),
    llm: env,
  };
}

/**
 * Assembles the app's dependencies. Market, mailer and log are always there; where one is not configured its
 * stand-in is chosen here:
 * - market: the stand-in without data (marketWithoutData) until configureMarket plugs in the configured one;
 * - mailer: without SMTP (or on a runtime that cannot send it) mail is written to the log, and password reset by
 *   email answers that it is not configured here, so no reset code ever reaches a log; except with the outbox (only
 *   with the demo accounts), where mail is kept for admins to read, reset codes included, and only its subject is
 *   logged (decisions 084 and 100);
 * - analysis: none until configureMarket (analyses answer 503); narrative: none (template prose).
 */
export function createDeps(config: DepsConfig, runtime: Runtime): AppDeps {
  const clock = runtime.clock ?? systemClock;
  const log = logTo(runtime.logger);
  let mailer: Mailer;
  if (config.smtp && runtime.smtp) mailer = runtime.smtp(config.smtp.url, config.smtp.from);
  else {
    if (config.smtp) {
      log("warn", "SMTP_URL is set, but this runtime cannot send SMTP: mail goes to the log instead.");
    }
    mailer = config.mailOutbox
      ? outboxMailer(runtime.database, clock, (text) => log("info", text))
      : logMailer((text) => log("info", text));
  }
  return {
    database: runtime.database,
    clock,
    config: config.app,
    passwords: runtime.passwords,
    mailer,
    market: marketWithoutData(clock),
    webhooks: runtime.webhooks,
    cache: createAnswerCache(),
    expensiveReads: createWorkBudget({ ...EXPENSIVE_READS_PER_USER, cpuNow: runtime.cpuNow }),
    narrative: config.llm ? narrativeFromEnv(config.llm) : undefined,
    clientAddress: runtime.clientAddress,
    metrics: runtime.metrics,
    log,
  };
}
