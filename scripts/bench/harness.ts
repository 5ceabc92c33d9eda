import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testClient } from "hono/testing";
import { createApp } from "../../api/app.ts";
import { createDeps } from "../../api/deps.ts";
import type { AppDeps } from "../../api/lib/context.ts";
import { consoleJsonLogger } from "../../api/lib/logger.ts";
import { bunRuntime } from "../../api/runtime/bun-deps.ts";
import { createDb, type Database } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";

/**
 * A Bun process's dependencies on `database` with `secret`, silent and without sign-in limits: what a bench writes
 * with from outside a server (the server it starts on the database must share the secret) or serves in process.
 */
export function benchDeps(database: Database, secret: string): AppDeps {
  const app = {
    secret,
    trustProxy: false,
    sessionIdleMs: 1_800_000,
    authRateLimit: { perIp: 1e9, perEmail: 1e9, windowMs: 60_000 },
  };
  return createDeps({ app, smtp: null }, bunRuntime(database, consoleJsonLogger("silent")));
}

/** A fresh embedded database and the composed app on it, for one benchmark. */
export async function benchApp(overrides: Partial<AppDeps> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const database = createDb(`file:${join(dir, "bench.db")}`);
  await runMigrations(database.db);
  const deps: AppDeps = {
    ...benchDeps(database, "bench-secret-bench-secret-bench-secret-00"),
    log: () => {},
    ...overrides,
  };
  return {
    deps,
    app: createApp(deps),
    close() {
      database.client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A session token for `email` from the app's own sign-in, as a client gets one. */
export async function signInToken(app: ReturnType<typeof createApp>, email: string, password: string) {
  const res = await testClient(app).api.auth.signin.$post({ json: { email, password } });
  if (res.status !== 200) throw new Error(`the bench's sign-in answered ${res.status}: ${await res.text()}`);
  const { user } = await res.json();
  if (!user.authToken) throw new Error("the bench's sign-in answered no token");
  return user.authToken;
}

/** Median, p95 and p99 in milliseconds of `runs` sequential calls after `warmup` unmeasured ones. */
export async function measure(fn: () => Promise<unknown>, runs = 200, warmup = 20) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
