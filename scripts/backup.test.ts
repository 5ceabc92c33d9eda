import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { createDb } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";

const root = join(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "backup-cli-"));
const url = `file:${join(dir, "app.db")}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function backup(args: string[], env: Record<string, string> = { DATABASE_URL: url }) {
  const proc = Bun.spawnSync([process.execPath, join(import.meta.dir, "backup.ts"), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

// Another process writes two rows per transaction as fast as it can, through the app's own embedded-file client
// (WAL, busy timeout): a consistent copy holds whole transactions only, so an even number of rows.
const WRITER = `
import { createDb } from "./db/client.ts";
const { client } = createDb(process.env.DATABASE_URL);
for (let i = 0; ; i++) {
  await client.batch([
    { sql: "insert into backup_probe (pair) values (?)", args: [i] },
    { sql: "insert into backup_probe (pair) values (?)", args: [i] },
  ], "write");
}`;

describe("bun scripts/backup.ts", () => {
  beforeAll(async () => {
    const database = createDb(url);
    await runMigrations(database.db);
    await database.client.execute(
      "create table backup_probe (id integer primary key, pair integer not null)",
    );
    database.client.close();
  });

  test("--help prints the usage and copies nothing; an unknown flag or a second argument exits 2", () => {
    const help = backup(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("usage: bun scripts/backup.ts [destination]");
    expect(existsSync(join(dir, "backups"))).toBe(false);
    const unknown = backup(["--fast"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown option '--fast'");
    expect(backup(["a.db", "b.db"]).code).toBe(2);
  });

  test("a copy of a database another process is writing to: whole transactions only, integrity ok, mode 0600", async () => {
    const writer = Bun.spawn([process.execPath, "-e", WRITER], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", DATABASE_URL: url },
      stdout: "ignore",
      stderr: "pipe",
    });
    const probe = createClient({ url });
    const rows = async (client = probe) =>
      Number((await client.execute("select count(*) as n from backup_probe")).rows[0]?.n);
    try {
      const deadline = Date.now() + 10_000;
      while ((await rows()) < 200 && Date.now() < deadline) await Bun.sleep(20);
      expect(await rows()).toBeGreaterThanOrEqual(200);

      const destination = join(dir, "copy.db");
      const run = backup([destination]);
      expect(run.err).toBe("");
      expect(run.code).toBe(0);
      expect(run.out).toContain(`to ${destination}`);
      expect(writer.exitCode).toBeNull(); // still writing: the copy was taken live
      expect(statSync(destination).mode & 0o777).toBe(0o600);

      const copy = createClient({ url: `file:${destination}` });
      const copied = await rows(copy);
      expect(String((await copy.execute("PRAGMA integrity_check")).rows[0]?.[0])).toBe("ok");
      copy.close();
      expect(copied).toBeGreaterThanOrEqual(200);
      expect(copied % 2).toBe(0);
      // The source kept growing after the copy: the writer was never stopped.
      const later = Date.now() + 5_000;
      while ((await rows()) <= copied && Date.now() < later) await Bun.sleep(20);
      expect(await rows()).toBeGreaterThan(copied);

      const again = backup([destination]);
      expect(again.code).toBe(1);
      expect(again.err).toContain("already exists");
    } finally {
      writer.kill();
      await writer.exited;
      probe.close();
    }
  }, 30_000);

  test("the default destination is backups/<name>-<UTC time>.db beside the database", () => {
    const run = backup([]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/backups\/app-\d{8}T\d{6}Z\.db/);
  });

  test("a libSQL server URL is refused with what to use instead", () => {
    const run = backup([], { DATABASE_URL: "http://127.0.0.1:9" });
    expect(run.code).toBe(1);
    expect(run.err).toContain("this script copies embedded files only");
    expect(run.err).toContain(".dump");
  });
});
