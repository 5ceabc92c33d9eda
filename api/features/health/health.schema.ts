import { z } from "@hono/zod-openapi";

export const HealthAnswer = z
  .object({ status: z.literal("ok").openapi({ description: "The process answers." }) })
  .openapi("Health");

const CheckResult = z.string().openapi({
  description: '"ok", or a sentence saying what is wrong',
  example: "ok",
});

export const ReadinessChecks = z
  .object({
    database: CheckResult,
    migrations: CheckResult,
    secret: CheckResult,
    market: CheckResult,
  })
  .openapi("ReadinessChecks");

export const ReadyAnswer = z.object({ status: z.literal("ok"), checks: ReadinessChecks }).openapi("Ready");

export const NotReadyAnswer = z
  .object({
    status: z.literal("unavailable"),
    message: z.string().openapi({ example: "Not ready: market." }),
    code: z.literal("NOT_READY"),
    /** The names of the checks that failed. */
    failed: z.array(z.enum(["database", "migrations", "secret", "market"])),
    checks: ReadinessChecks,
  })
  .openapi("NotReady");
