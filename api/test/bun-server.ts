import { join } from "node:path";
import type { Subprocess } from "bun";

export interface BunServer {
  url: string;
  process: Subprocess;
  /** Everything the server wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM and wait for the exit (use `process.kill(9)` to crash it instead). */
  stop(): Promise<void>;
}

const root = join(import.meta.dir, "../..");
/** Characters of a server's output kept from its start and from its end. */
const OUTPUT_KEPT = 64 * 1024;

/** What a process writes (stdout and stderr), its start and its latest part kept, for failure messages. */
export function keptOutput(proc: Subprocess<"ignore" | "pipe", "pipe", "pipe">): () => string {
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      output += decoder.decode(chunk, { stream: true });
      // A server under load at LOG_LEVEL=info writes an access line per request: keep the start and the latest.
      if (output.length > OUTPUT_KEPT * 2)
        output = `${output.slice(0, OUTPUT_KEPT)}\n…\n${output.slice(-OUTPUT_KEPT)}`;
    }
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  return () => output;
}

/**
 * Spawns the real Bun server (`bun api/server.ts`) on 127.0.0.1 and a port the OS picks, with a clean environment:
 * no demo seed, no scheduler, warnings and errors only, plus `env` (DATABASE_URL, APP_SECRET, limits...). Resolves once it
 * prints its address ("listening on http://localhost:PORT"); `entry` may name another script that prints it, and
 * `bunFlags` go before it (a profiler, a preload).
 */
/** A clean environment for a spawned server: a free port on loopback, no seed, no jobs, quiet; `env` on top. */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/tmp",
    PORT: "0",
    HOST: "127.0.0.1",
    SEED_ON_START: "false",
    // A clean environment has no NODE_ENV=test, and a job firing at start would change what the test sees.
    SCHEDULER: "false",
    LOG_LEVEL: "warn",
    ...env,
  };
}

export async function startBunServer(
  env: Record<string, string>,
  entry = "api/server.ts",
  options: { bunFlags?: string[]; startTimeoutMs?: number } = {},
): Promise<BunServer> {
  const proc = Bun.spawn([process.execPath, ...(options.bunFlags ?? []), entry], {
    cwd: root,
    env: serverEnv(env),
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = keptOutput(proc);
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  let port: string | undefined;
  while (!port) {
    port = /listening on http:\/\/localhost:(\d+)/.exec(output())?.[1];
    if (port) break;
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill(9);
      throw new Error(`bun ${entry} did not start:\n${output()}`);
    }
    await Bun.sleep(20);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    process: proc,
    output,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
