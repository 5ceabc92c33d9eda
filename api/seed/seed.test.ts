import { afterEach, describe, expect, test } from "bun:test";
import { createUser } from "../features/auth/auth.service.ts";
import { demoAccountsEnabled, mailOutboxEnabled, parseEnv } from "../lib/config.ts";
import { bodyOf, startTestApp, type TestApp } from "../test/harness.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { formatSeedReport, seedDemo } from "./seed.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const signIn = (app: TestApp, email: string, password: string) =>
  app.api().auth.signin.$post({ json: { email, password } });
const [admin, investor] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0], (typeof DEMO_ACCOUNTS)[0]];

describe("demo accounts exist only in demo mode", () => {
  test("demo mode is the demo market on a local file, unless DEMO_ACCOUNTS says otherwise", () => {
    const mode = (vars: Record<string, string>) => demoAccountsEnabled(parseEnv(vars));
    expect(mode({})).toBe(true);
    expect(mode({ DATABASE_URL: "file:data/app.db" })).toBe(true);
    expect(mode({ MARKET_DATA_PROVIDER: "yahoo" })).toBe(false);
    expect(mode({ MARKET_DATA_PROVIDER: "finnhub", FINNHUB_API_KEY: "k" })).toBe(false);
    expect(mode({ DATABASE_URL: "libsql://prod.turso.io" })).toBe(false);
    expect(mode({ DATABASE_URL: "http://127.0.0.1:8080" })).toBe(false);
    expect(mode({ DATABASE_SYNC_URL: "http://127.0.0.1:8080" })).toBe(false);
    expect(mode({ DATABASE_URL: "libsql://prod.turso.io", DEMO_ACCOUNTS: "true" })).toBe(true);
    expect(mode({ DEMO_ACCOUNTS: "false" })).toBe(false);
  });

  test("the mail outbox, where admins read reset codes, is on only where the demo accounts are", () => {
    const outbox = (vars: Record<string, string>) => mailOutboxEnabled(parseEnv(vars));
    expect(outbox({})).toBe(true);
    expect(outbox({ MAIL_OUTBOX: "false" })).toBe(false);
    expect(outbox({ SMTP_URL: "smtp://127.0.0.1:25" })).toBe(false);
    // compose's and the image's settings: the demo market on a local file, demo accounts off.
    expect(outbox({ DATABASE_URL: "file:/data/app.db", DEMO_ACCOUNTS: "false" })).toBe(false);
    expect(outbox({ DEMO_ACCOUNTS: "false", MAIL_OUTBOX: "true" })).toBe(false);
    expect(outbox({ DATABASE_URL: "http://127.0.0.1:8080", MAIL_OUTBOX: "true" })).toBe(false);
    expect(outbox({ MARKET_DATA_PROVIDER: "yahoo", MAIL_OUTBOX: "true" })).toBe(false);
    expect(outbox({ DATABASE_URL: "http://127.0.0.1:8080", DEMO_ACCOUNTS: "true" })).toBe(true);
  });

  test("never on a database that already has users, whatever the settings", async () => {
    t = await startTestApp();
    await createUser(t.deps, { email: "owner@example.org", password: "owner-own-password" });
    const report = await seedDemo(t.deps, { demoAccounts: true });
    expect(report.createdAccounts).toEqual([]);
    expect(formatSeedReport(report)).not.toContain(admin.password);
    expect((await signIn(t, admin.email, admin.password)).status).toBe(401);
    expect((await signIn(t, investor.email, investor.password)).status).toBe(401);
  });

  test("in demo mode they are created once and printed once; one deleted is not re-created", async () => {
    t = await startTestApp();
    const first = await seedDemo(t.deps, { demoAccounts: true });
    expect(first.createdAccounts.map((a) => a.email)).toEqual([admin.email, investor.email]);
    expect(formatSeedReport(first)).toContain(`${admin.email}  /  ${admin.password}`);
    expect((await signIn(t, admin.email, admin.password)).status).toBe(200);

    await t.deps.database.client.execute({ sql: "delete from users where email = ?", args: [admin.email] });
    const again = await seedDemo(t.deps, { demoAccounts: true });
    expect(again.createdAccounts).toEqual([]);
    expect(formatSeedReport(again)).not.toContain(admin.password);
    expect((await signIn(t, admin.email, admin.password)).status).toBe(401);
    expect((await signIn(t, investor.email, investor.password)).status).toBe(200);
  });

  test("outside demo mode none is created, and ones left with the published password lose it", async () => {
    t = await startTestApp();
    const fresh = await seedDemo(t.deps, { demoAccounts: false });
    expect(fresh.createdAccounts).toEqual([]);
    expect((await signIn(t, admin.email, admin.password)).status).toBe(401);

    // A database seeded by an earlier version: the admin kept its demo password, the investor changed theirs.
    await createUser(t.deps, { ...admin });
    await createUser(t.deps, { ...investor, password: "investor-own-password" });
    const { user } = await bodyOf(signIn(t, admin.email, admin.password), 200);
    expect((await t.request("/api/auth/user", { token: user.apiKey })).status).toBe(200);

    const report = await seedDemo(t.deps, { demoAccounts: false });
    expect(report.retiredAccounts).toEqual([admin.email]);
    expect(formatSeedReport(report)).toContain("bun scripts/admin.ts reset-password");
    expect((await signIn(t, admin.email, admin.password)).status).toBe(401);
    expect((await t.request("/api/auth/user", { token: user.authToken })).status).toBe(401);
    // The published password could have been used to read the key: it goes with the password.
    expect((await t.request("/api/auth/user", { token: user.apiKey })).status).toBe(401);
    expect((await signIn(t, investor.email, "investor-own-password")).status).toBe(200);
  });
});
