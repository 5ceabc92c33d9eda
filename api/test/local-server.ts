import type { Subprocess } from "bun";

/** A TCP port of 127.0.0.1 free right now (the OS picks it for a moment's listener). */
export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port as number;
  await probe.stop(true);
  return port;
}

/**
 * Waits until a process just spawned answers HTTP at `url` (any answer, or one `ready` accepts); if it exits or
 * the deadline passes first, kills it and throws with what it wrote (`output`).
 */
export async function waitForHttp(
  proc: Subprocess,
  url: string,
  options: {
    name: string;
    output: () => string | Promise<string>;
    ready?: (res: Response) => boolean;
    timeoutMs?: number;
    intervalMs?: number;
    /** Headers each try sends (a signed-in first request). */
    headers?: Record<string, string>;
  },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    try {
      if ((options.ready ?? (() => true))(await fetch(url, { headers: options.headers }))) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill();
      throw new Error(`${options.name} did not start (${url}): ${await options.output()}`);
    }
    await Bun.sleep(options.intervalMs ?? 50);
  }
}
