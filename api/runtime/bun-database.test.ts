import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "../lib/config.ts";
import { openDatabase, resolveSecret } from "./bun-database.ts";

const dir = mkdtempSync(join(tmpdir(), "bun-database-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o777;

describe("the embedded database and the generated secret on first start", () => {
  test("are created readable and writable by their owner only (0600), the WAL files too", async () => {
    const url = `file:${join(dir, "data", "app.db")}`;
    const env = parseEnv({ DATABASE_URL: url });
    const { database } = await openDatabase(env);
    try {
      await database.client.execute("select count(*) from users");
      expect(mode(join(dir, "data", "app.db"))).toBe(0o600);
      expect(mode(join(dir, "data", "app.db-wal"))).toBe(0o600);
      await resolveSecret(env, url, database);
      expect(mode(join(dir, "data", "app-secret"))).toBe(0o600);
    } finally {
      database.client.close();
    }
  });
});
