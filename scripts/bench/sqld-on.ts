import { freePort } from "../../api/test/local-server.ts";
import { spawnSqld } from "../../api/test/sqld.ts";

/**
 * sqld on 127.0.0.1 over an existing database directory (api/test/sqld.ts starts an empty one): a SQLite file put
 * at `<dir>/dbs/default/data` beforehand is served as it is (sqld rebuilds its replication log from it).
 */
export async function startSqldOn(dir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = await spawnSqld(dir, port, 30_000);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}
