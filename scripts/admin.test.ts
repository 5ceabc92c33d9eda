import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "admin-cli-"));
const env = {
  ...process.env,
  DATABASE_URL: `file:${join(dir, "app.db")}`,
  APP_SECRET: "cli-secret-cli-secret-cli-secret-cli-0",
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const proc = Bun.spawnSync(["bun", join(import.meta.dir, "admin.ts"), ...args], {
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

describe("bun scripts/admin.ts, on a real database file", () => {
  test("--help documents every command", () => {
    const { code, out } = run("--help");
    expect(code).toBe(0);
    for (const c of [
      "create-admin",
      "promote",
      "demote",
      "activate",
      "deactivate",
      "reset-password",
      "list",
    ]) {
      expect(out).toContain(c);
    }
  });

  test("bad input: no command, unknown command, missing arguments, unknown user", () => {
    expect(run().code).toBe(2);
    const unknown = run("explode");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown command 'explode'");
    expect(run("promote").code).toBe(2);
    const missing = run("promote", "nobody@example.com");
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("No user with email nobody@example.com");
  });

  test("create, list, demote guard, deactivate, activate, reset password", () => {
    expect(run("create-admin", "ops@example.com", "ops-password-1").out).toContain(
      "Created admin ops@example.com",
    );
    expect(run("create-admin", "ops@example.com", "ops-password-1").code).toBe(1);
    expect(run("create-admin", "x@example.com", "short").err).toContain("at least 8");
    const list = run("list");
    expect(list.out).toContain("ops@example.com");
    expect(list.out).toMatch(/admin\s+active/);
    expect(run("demote", "ops@example.com").err).toContain("last active admin");
    expect(run("deactivate", "ops@example.com").err).toContain("last active admin");
    expect(run("create-admin", "ops2@example.com", "ops-password-2").code).toBe(0);
    expect(run("demote", "ops@example.com").out).toContain("no longer an admin");
    expect(run("deactivate", "ops@example.com").out).toContain("inactive");
    expect(run("list").out).toMatch(/investor\s+inactive\s+\d+ sessions\s+ops@example.com/);
    expect(run("activate", "ops@example.com").out).toContain("active");
    expect(run("promote", "ops@example.com").out).toContain("now an admin");
    expect(run("reset-password", "ops@example.com", "new-password-9").out).toContain("reset");
  });
});
