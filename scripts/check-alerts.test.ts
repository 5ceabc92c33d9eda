import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "../api/features/auth/auth.service.ts";
import type { AppDeps } from "../api/lib/context.ts";
import { importDemoMarket } from "../api/market/demo-import.ts";
import { bunPasswordHasher } from "../api/runtime/bun-deps.ts";
import { readDemoMarketFiles } from "../api/runtime/demo-market-files.ts";
import { createDb } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { notificationSettings, watchlistItems } from "../db/schema/index.ts";

const dir = mkdtempSync(join(tmpdir(), "check-alerts-cli-"));
const url = `file:${join(dir, "app.db")}`;
const env = {
  ...process.env,
  DATABASE_URL: url,
  APP_SECRET: "cli-secret-cli-secret-cli-secret-cli-0",
  MARKET_DATA_PROVIDER: "demo",
  LOG_LEVEL: "info",
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(overrides: Record<string, string> = {}) {
  const proc = Bun.spawnSync([process.execPath, join(import.meta.dir, "check-alerts.ts")], {
    env: { ...env, ...overrides },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

describe("bun scripts/check-alerts.ts, on a real database file with the demo market", () => {
  beforeAll(async () => {
    const database = createDb(url);
    await runMigrations(database.db);
    await importDemoMarket(database, await readDemoMarketFiles(), { symbols: ["AAPL"], from: "2023-06-01" });
    const deps = {
      database,
      clock: { now: () => new Date() },
      passwords: bunPasswordHasher,
      config: { secret: env.APP_SECRET },
    } as unknown as AppDeps;
    const created = await createUser(deps, {
      email: "alerts@example.com",
      password: "correct-horse-battery",
      firstName: "A",
      lastName: "B",
      emailVerified: true,
    });
    if (!created.ok) throw new Error(created.message);
    const user = created.value;
    await database.db.insert(notificationSettings).values({
      userId: user.id,
      emailAlerts: true,
      webhookUrl: null,
      webhookSecret: "whsec_test",
    });
    // Bought at 1.00: whatever AAPL closed at on the demo market's last day, the move is far past 5%.
    await database.db.insert(watchlistItems).values({
      userId: user.id,
      symbol: "AAPL",
      purchasePriceCents: 100,
      targetChangePercent: 5,
      addedAt: new Date(),
    });
    database.client.close();
  });

  test("prices the items from the configured market: the crossing is recorded and mailed, once", () => {
    const first = run();
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.out).toContain("Checked 1 watchlist item(s): 1 new alert(s)");
    expect(first.out).toContain("Deliveries: 1 sent");
    // Demo market on a local file: the outbox keeps the mail too (decision 084).
    expect(first.out).toContain("[mail to alerts@example.com, kept in the outbox] Signalboard alert: AAPL");
    const second = run();
    expect(second.code).toBe(0);
    expect(second.out).toContain("Checked 1 watchlist item(s): 0 new alert(s)");
    expect(second.out).toContain("Deliveries: 0 sent");
  });

  test("on a database without market data it says so and exits 1", () => {
    const empty = run({ DATABASE_URL: `file:${join(dir, "empty.db")}` });
    expect(empty.code).toBe(1);
    expect(empty.err).toContain("No market data");
  });
});
