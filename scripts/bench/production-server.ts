// The server a browser bench measures: the production build served by the real Bun server on a freshly seeded demo
// database, in a folder of its own that stopping removes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBunServer } from "../../api/test/bun-server.ts";

const root = join(import.meta.dir, "../..");

/**
 * Builds the web app (unless `--no-build`) and starts the production server on a seeded database, with sign-in
 * limits a bench's repeated sign-ins stay under. Answers the build's error instead when the build fails.
 */
export async function startProductionServer(
  name: string,
): Promise<{ url: string; stop(): Promise<void> } | { buildFailed: string }> {
  if (!process.argv.includes("--no-build")) {
    const build = Bun.spawnSync([process.execPath, "scripts/build.ts"], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
    });
    if (build.exitCode !== 0) return { buildFailed: `failed: ${build.stderr.toString().slice(0, 400)}` };
  }
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const server = await startBunServer(
    {
      DATABASE_URL: `file:${join(dir, "app.db")}`,
      APP_SECRET: `bench-${name}-secret-bench-${name}-0`,
      SEED_ON_START: "true",
      AUTH_RATE_LIMIT_PER_IP: "1000",
      AUTH_RATE_LIMIT_PER_EMAIL: "1000",
      NODE_ENV: "production",
    },
    "api/server.ts",
    // Seeding a year of the demo market takes over a minute when other work shares the two cores.
    { startTimeoutMs: 180_000 },
  );
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
