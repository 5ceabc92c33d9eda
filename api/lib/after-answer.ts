import type { Context } from "hono";
import type { AppDeps } from "./context.ts";
import { errorFields } from "./logger.ts";

/**
 * Lets work go on after the answer is sent. On Workers the execution context keeps the isolate alive for it; on
 * Bun the promise simply runs on. Failures are logged, never thrown at the client.
 */
export function afterAnswer(c: Context, what: string, work: Promise<unknown>) {
  const { log }: AppDeps = c.get("deps");
  const guarded = work.catch((error) => log("error", `${what} failed`, errorFields(error)));
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context outside Workers.
  }
  ctx?.waitUntil(guarded);
}
