import { existsSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { wranglerEnv } from "../wrangler-env.ts";

const root = join(import.meta.dir, "../..");

/** The Worker bundle as `wrangler deploy --dry-run` builds it: raw and gzip size (limit 3 MB compressed, free plan). */
export async function benchWorkerBundle(): Promise<Record<string, string>> {
  const run = Bun.spawnSync(
    ["node_modules/.bin/wrangler", "deploy", "--dry-run", "--outdir", "dist-worker"],
    {
      cwd: root,
      env: { ...process.env, ...wranglerEnv() },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const file = join(root, "dist-worker/worker.js");
  if (run.exitCode !== 0 || !existsSync(file))
    return { "worker bundle": `dry run failed: ${run.stderr.toString().slice(0, 200)}` };
  const bytes = new Uint8Array(await Bun.file(file).arrayBuffer());
  return {
    "worker bundle (api/worker.ts)": `${(bytes.length / 1024).toFixed(0)} KB raw, ${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzip (limit 3 MB gzip on the free plan)`,
  };
}
