import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "../features/auth/auth.service.ts";
import { startBunServer } from "./bun-server.ts";
import { bodyOf, depsOn, prepareDatabase, serverApi, testDbKind } from "./harness.ts";
import { startSqld } from "./sqld.ts";

// The real server and scripts with the seed on, as the README's Quick start and deploy recipes run them: the demo
// accounts (published passwords) appear only in demo mode, once (decision 019).
const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "demo-accounts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = "demo-accounts-secret-demo-accounts-secret";
const ADMIN = { email: "admin@example.com", password: "admin-demo-password" };

async function preparedFile(name: string): Promise<string> {
  const url = `file:${join(dir, name)}`;
  (await prepareDatabase(url)).client.close();
  return url;
}

/** Migrates the database at `url`, with a slice of the market and one real account (APP_SECRET: SECRET). */
async function withAnAccount(url: string): Promise<void> {
  const database = await prepareDatabase(url);
  const created = await createUser(depsOn(database, SECRET), {
    email: "owner@example.org",
    password: "owner-own-password",
    isAdmin: true,
  });
  database.client.close();
  expect(created.ok).toBe(true);
}

/** The 6-digit code in the newest outbox message to `to` with `subject`, as the admin reads it. */
async function codeInOutbox(api: ReturnType<typeof serverApi>, token: string, to: string, subject: string) {
  for (let i = 0; i < 100; i++) {
    const { messages } = await bodyOf(api.api(token).admin.outbox.$get(), 200);
    const text = messages.find((m) => m.to === to && m.subject.includes(subject))?.text;
    const code = text && /code is (\d{6})/.exec(text)?.[1];
    if (code) return code;
    await Bun.sleep(20);
  }
  throw new Error(`no ${subject} for ${to} in the outbox`);
}

/** One start of `bun api/server.ts` with the seed on: what it printed and how the demo admin's sign-in went. */
async function startOnce(env: Record<string, string>) {
  const server = await startBunServer({
    SEED_ON_START: "true",
    LOG_LEVEL: "info",
    APP_SECRET: SECRET,
    ...env,
  });
  const api = serverApi(server.url);
  const signIn = await api.request("/api/auth/signin", { json: ADMIN });
  await server.stop();
  return { output: server.output(), adminSignIn: signIn.status };
}

async function script(args: string[], env: Record<string, string>, stdin?: string) {
  const proc = Bun.spawn([process.execPath, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", ...env },
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code: await proc.exited, output: out + err };
}

describe.skipIf(testDbKind !== "file")("demo accounts on an embedded file", () => {
  test("the demo (demo market, local file) prints them on the first start only; a deleted one stays deleted", async () => {
    const url = await preparedFile("demo.db");
    const first = await startOnce({ DATABASE_URL: url });
    expect(first.output).toContain("admin@example.com  /  admin-demo-password");
    expect(first.adminSignIn).toBe(200);

    const second = await startOnce({ DATABASE_URL: url });
    expect(second.output).not.toContain("admin-demo-password");

    const { createClient } = await import("@libsql/client");
    const client = createClient({ url });
    await client.execute(
      "delete from sessions where user_id = (select id from users where email = 'admin@example.com')",
    );
    await client.execute("delete from users where email = 'admin@example.com'");
    client.close();
    const afterDelete = await startOnce({ DATABASE_URL: url });
    expect(afterDelete.output).not.toContain("admin-demo-password");
    expect(afterDelete.adminSignIn).toBe(401);
  }, 60_000);

  test("on a file that already holds an account, demo mode creates none, even with DEMO_ACCOUNTS=true", async () => {
    for (const setting of [{}, { DEMO_ACCOUNTS: "true" }] as Record<string, string>[]) {
      const url = `file:${join(dir, `owned-${Object.keys(setting).length}.db`)}`;
      await withAnAccount(url);
      const started = await startOnce({ DATABASE_URL: url, ...setting });
      expect(started.output).not.toContain("admin-demo-password");
      expect(started.adminSignIn).toBe(401);
    }
  }, 60_000);

  test("the demo's outbox keeps reset and verification codes for the admin, and no code reaches the log", async () => {
    const url = await preparedFile("outbox.db");
    const server = await startBunServer({
      SEED_ON_START: "true",
      LOG_LEVEL: "trace",
      APP_SECRET: SECRET,
      DATABASE_URL: url,
    });
    const api = serverApi(server.url);
    const codes: string[] = [];
    try {
      const reset = await bodyOf(
        api.api().auth["password-reset"].request.$post({
          json: { email: "investor@example.com", fullName: "Ivy Investor" },
        }),
        202,
      );
      expect(reset.delivery).toBe("outbox");
      const admin = await api.session(ADMIN.email, ADMIN.password);
      codes.push(await codeInOutbox(api, admin.token, "investor@example.com", "password reset"));
      const investor = await api.session("investor@example.com", "investor-demo-password");
      const verify = await api.request("/api/auth/email-verification/request", {
        method: "POST",
        token: investor.token,
      });
      expect(verify.status).toBe(202);
      codes.push(await codeInOutbox(api, admin.token, "investor@example.com", "verification"));
    } finally {
      await server.stop();
    }
    const output = server.output();
    expect(output).toContain("kept in the outbox");
    for (const code of codes) expect(output).not.toContain(code);
    expect(output).not.toMatch(/code is \d{6}/);
  }, 60_000);

  test("with a live market provider the same start creates no demo account, and keeps no outbox", async () => {
    const url = await preparedFile("live.db");
    const live = await startOnce({
      DATABASE_URL: url,
      MARKET_DATA_PROVIDER: "yahoo",
      YAHOO_BASE_URL: "http://127.0.0.1:9",
      MAIL_OUTBOX: "true",
    });
    expect(live.output).not.toContain("admin-demo-password");
    expect(live.adminSignIn).toBe(401);
    expect(live.output).toContain("MAIL_OUTBOX=true is ignored");
  }, 30_000);
});

describe.skipIf(testDbKind !== "sqld")("the deploy recipe on a libSQL server", () => {
  test("DEMO_ACCOUNTS=true on a server database that already holds an account creates none", async () => {
    const sqld = await startSqld();
    try {
      await withAnAccount(sqld.url);
      const started = await startOnce({ DATABASE_URL: sqld.url, DEMO_ACCOUNTS: "true" });
      expect(started.output).not.toContain("admin-demo-password");
      expect(started.adminSignIn).toBe(401);
    } finally {
      await sqld.stop();
    }
  }, 60_000);

  test("start with the seed, `bun scripts/seed.ts`: no demo account; the first admin comes from create-admin with the password on stdin", async () => {
    const sqld = await startSqld();
    try {
      const env = { DATABASE_URL: sqld.url, APP_SECRET: SECRET };
      (await prepareDatabase(sqld.url)).client.close();
      const started = await startOnce(env);
      expect(started.output).not.toContain("admin-demo-password");
      expect(started.adminSignIn).toBe(401);

      const seeded = await script(["scripts/seed.ts"], env);
      expect(seeded.code).toBe(0);
      expect(seeded.output).toContain("no demo accounts");
      expect(seeded.output).not.toContain("admin-demo-password");

      const created = await script(
        ["scripts/admin.ts", "create-admin", "owner@example.org"],
        env,
        "owner-chosen-password\n",
      );
      expect(created.output).toContain("Created admin owner@example.org");
      const server = await startBunServer(env);
      const api = serverApi(server.url);
      const owner = await api.request("/api/auth/signin", {
        json: { email: "owner@example.org", password: "owner-chosen-password" },
      });
      const demo = await api.request("/api/auth/signin", { json: ADMIN });
      await server.stop();
      expect(owner.status).toBe(200);
      expect(demo.status).toBe(401);
    } finally {
      await sqld.stop();
    }
  }, 60_000);
});
