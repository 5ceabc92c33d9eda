import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testClient } from "hono/testing";

const dir = mkdtempSync(join(tmpdir(), "admin-cli-"));
const env = {
  ...process.env,
  DATABASE_URL: `file:${join(dir, "app.db")}`,
  APP_SECRET: "cli-secret-cli-secret-cli-secret-cli-0",
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  return runWithStdin("", ...args);
}

/** The script with `stdin` piped in: how a password reaches it when no terminal is attached. */
function runWithStdin(stdin: string, ...args: string[]) {
  const proc = Bun.spawnSync([process.execPath, join(import.meta.dir, "admin.ts"), ...args], {
    env,
    stdin: new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

/** Whether `password` signs `email` in, checked on the database file itself. */
async function passwordWorks(email: string, password: string): Promise<boolean> {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: env.DATABASE_URL });
  try {
    const { rows } = await client.execute({
      sql: "select password_hash from users where email = ?",
      args: [email],
    });
    return Bun.password.verify(password, String(rows[0]!.password_hash));
  } finally {
    client.close();
  }
}

describe("bun scripts/admin.ts, on a real database file", () => {
  test("--help documents every command", () => {
    const { code, out } = run("--help");
    expect(code).toBe(0);
    for (const c of [
      "create-admin",
      "create-user",
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

  test("passwords are refused on the command line, where shell history and ps would keep them", () => {
    for (const args of [
      ["create-admin", "argv@example.com", "argv-password-1"],
      ["create-user", "argv@example.com", "argv-password-1"],
      ["create-user", "argv@example.com", "argv-password-1", "Ann", "Argv"],
      ["reset-password", "argv@example.com", "argv-password-1"],
    ]) {
      const refused = runWithStdin("stdin-password-1\n", ...args);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain("not taken on the command line");
    }
    expect(run("list").out).not.toContain("argv@example.com");
    const empty = run("create-admin", "argv@example.com");
    expect(empty.code).toBe(1);
    expect(empty.err).toContain("No password on standard input");
  }, 30_000);

  test("create, list, demote guard, deactivate, activate, reset password", async () => {
    expect(runWithStdin("ops-password-1\n", "create-admin", "ops@example.com").out).toContain(
      "Created admin ops@example.com",
    );
    expect(runWithStdin("ops-password-1\n", "create-admin", "ops@example.com").code).toBe(1);
    expect(runWithStdin("short\n", "create-admin", "x@example.com").err).toContain("at least 8");
    const list = run("list");
    expect(list.out).toContain("ops@example.com");
    expect(list.out).toMatch(/admin\s+active/);
    expect(run("demote", "ops@example.com").err).toContain("last active admin");
    expect(run("deactivate", "ops@example.com").err).toContain("last active admin");
    expect(runWithStdin("ops-password-2\n", "create-admin", "ops2@example.com").code).toBe(0);
    expect(run("demote", "ops@example.com").out).toContain("no longer an admin");
    expect(run("deactivate", "ops@example.com").out).toContain("inactive");
    expect(run("list").out).toMatch(/investor\s+inactive\s+\d+ sessions\s+ops@example.com/);
    expect(run("activate", "ops@example.com").out).toContain("active");
    expect(run("promote", "ops@example.com").out).toContain("now an admin");
    expect(runWithStdin("new-password-9\n", "reset-password", "ops@example.com").out).toContain("reset");
    expect(await passwordWorks("ops@example.com", "new-password-9")).toBe(true);
    expect(await passwordWorks("ops@example.com", "ops-password-1")).toBe(false);
  }, 30_000);

  test("reset-password and deactivate end every session and replace the API key; activate brings neither back", async () => {
    expect(runWithStdin("keyed-password-1\n", "create-user", "keyed@example.com").code).toBe(0);
    const { buildBunDeps } = await import("../api/runtime/bun-deps.ts");
    const { parseEnv } = await import("../api/lib/config.ts");
    const { createApp } = await import("../api/app.ts");
    const { bodyOf } = await import("../api/test/harness.ts");
    const deps = await buildBunDeps(parseEnv({ ...env, LOG_LEVEL: "error" }));
    try {
      const app = createApp(deps);
      const signIn = async (password: string) => {
        const signedIn = testClient(app).api.auth.signin.$post({
          json: { email: "keyed@example.com", password },
        });
        const { user } = await bodyOf(signedIn, 200);
        if (!user.authToken) throw new Error("sign-in answered no token");
        return { authToken: user.authToken, apiKey: user.apiKey };
      };
      const watchlist = async (token: string) =>
        (await app.request("/api/watchlist", { headers: { authorization: `Bearer ${token}` } })).status;

      const before = await signIn("keyed-password-1");
      expect(await watchlist(before.apiKey)).toBe(200);
      const reset = runWithStdin("keyed-password-2\n", "reset-password", "keyed@example.com");
      expect(reset.code).toBe(0);
      expect(await watchlist(before.authToken)).toBe(401);
      expect(await watchlist(before.apiKey)).toBe(401);
      expect(reset.out).toContain("API key was replaced");

      const afterReset = await signIn("keyed-password-2");
      expect(afterReset.apiKey).not.toBe(before.apiKey);
      expect(await watchlist(afterReset.apiKey)).toBe(200);
      expect(run("deactivate", "keyed@example.com").out).toContain("API key was replaced");
      expect(run("activate", "keyed@example.com").code).toBe(0);
      expect(await watchlist(afterReset.authToken)).toBe(401);
      expect(await watchlist(afterReset.apiKey)).toBe(401);
      const afterReactivation = await signIn("keyed-password-2");
      expect(afterReactivation.apiKey).not.toBe(afterReset.apiKey);
      expect(await watchlist(afterReactivation.apiKey)).toBe(200);
    } finally {
      deps.database.client.close();
    }
  }, 30_000);

  test("create-user makes a regular account that can sign in (REGISTRATION=invite-only)", async () => {
    const created = runWithStdin(
      "invited-pass-1\n",
      "create-user",
      "Invited@Example.com",
      "--first-name",
      "Ina",
      "--last-name",
      "Vited",
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain("Created user invited@example.com");
    expect(runWithStdin("invited-pass-1\n", "create-user", "invited@example.com").err).toContain(
      "already exists",
    );
    expect(runWithStdin("short\n", "create-user", "short@example.com").err).toContain("at least 8");
    expect(run("create-user").code).toBe(2);
    expect(runWithStdin("x-password-1\n", "create-user", "x@example.com", "--first-name").code).toBe(2);
    expect(run("list").out).toMatch(/investor\s+active\s+0 sessions\s+invited@example.com/);

    // The account signs in on a server where nobody can register.
    const { buildBunDeps } = await import("../api/runtime/bun-deps.ts");
    const { parseEnv } = await import("../api/lib/config.ts");
    const { createApp } = await import("../api/app.ts");
    const deps = await buildBunDeps(parseEnv({ ...env, REGISTRATION: "invite-only", LOG_LEVEL: "error" }));
    try {
      const app = createApp(deps);
      const post = (path: string, json: unknown) =>
        app.request(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(json),
        });
      expect(
        (await post("/api/auth/register", { email: "walk-in@example.com", password: "walk-in-pass-1" }))
          .status,
      ).toBe(403);
      const signIn = await post("/api/auth/signin", {
        email: "invited@example.com",
        password: "invited-pass-1",
      });
      expect(signIn.status).toBe(200);
    } finally {
      deps.database.client.close();
    }
  });
});
