import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { securityRows } from "../api/market/demo-import.ts";
import { isCalendarDate } from "./cli/args.ts";

// Every script in scripts/ (the benchmarks have their own runner) as an operator runs it: --help prints its usage and does nothing, a wrong command line exits 2 saying what was wrong.
const root = join(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const url = `file:${join(dir, "app.db")}`;

function run(command: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawnSync(command, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      DATABASE_URL: url,
      APP_SECRET: "cli-secret-cli-secret-cli-secret-cli-00",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}
const script = (name: string, ...args: string[]) => run([process.execPath, `scripts/${name}`, ...args]);

const SCRIPTS = [
  "admin.ts",
  "backup.ts",
  "build-demo-market.ts",
  "build.ts",
  "check-alerts.ts",
  "check-boundaries.ts",
  "e2e-repeat.ts",
  "evaluate-earnings.ts",
  "evaluate-model.ts",
  "generate-recommendations.ts",
  "migrate.ts",
  "seed.ts",
  "test.ts",
  "train-model.ts",
];

describe("every script's command line", () => {
  test.each(SCRIPTS)("%s --help prints its usage, exits 0 and touches nothing", (name) => {
    const help = script(name, "--help");
    expect(help.err).toBe("");
    expect(help.code).toBe(0);
    expect(help.out).toContain(`bun scripts/${name}`);
    expect(existsSync(join(dir, "app.db"))).toBe(false);
  });

  test.each(SCRIPTS)("%s --no-such-flag exits 2 naming the flag, and touches nothing", (name) => {
    const bad = script(name, "--no-such-flag");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Unknown option '--no-such-flag'");
    expect(bad.err).toContain("usage:");
    expect(existsSync(join(dir, "app.db"))).toBe(false);
  });

  test("bootstrap.sh --help prints its usage and exits 0; an unknown command exits 2", () => {
    const help = run(["bash", "scripts/bootstrap.sh", "--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("usage: bash scripts/bootstrap.sh start|test");
    expect(run(["bash", "scripts/bootstrap.sh", "stop"]).code).toBe(2);
  });

  test("bench.ts refuses a group that does not exist and an unknown flag, before running anything", () => {
    const group = script("bench.ts", "nosuchgroup");
    expect(group.code).toBe(2);
    expect(group.err).toContain("No benchmark group matches 'nosuchgroup'.");
    const flag = script("bench.ts", "--no-such-flag");
    expect(flag.code).toBe(2);
    expect(flag.err).toContain("Unknown option '--no-such-flag'");
    expect(flag.out).not.toContain("Benchmarks on");
    const help = script("bench.ts", "--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("usage: bun run bench");
    // Three starts of a script that imports every benchmark: about 2 s each on a busy 2-core machine.
  }, 20_000);

  test("test.ts refuses a group that does not exist instead of running nothing", () => {
    const bad = script("test.ts", "nosuchgroup");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Unknown group(s): nosuchgroup.");
  });

  test("arguments a script does not take are refused", () => {
    const extra = script("check-alerts.ts", "now");
    expect(extra.code).toBe(2);
    expect(extra.err).toContain("Unexpected argument: now");
    const missing = script("build-demo-market.ts", join(dir, "no-such-folder"));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("has no prices-daily/ folder");
  });

  test("generate-recommendations --date takes real calendar dates only", () => {
    for (const date of ["2023-02-30", "2023-13-01", "2023-2-3", "tomorrow"]) {
      const bad = script("generate-recommendations.ts", "--date", date);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain(`--date ${date} is not a calendar date written YYYY-MM-DD.`);
    }
    expect(script("generate-recommendations.ts", "--date").code).toBe(2);
    expect(existsSync(join(dir, "app.db"))).toBe(false);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
  });
});

describe("the seed and the demo accounts", () => {
  const users = async () => {
    const client = createClient({ url });
    try {
      return (await client.execute("select email from users order by email")).rows.map((r) =>
        String(r.email),
      );
    } finally {
      client.close();
    }
  };

  test("--market-only loads the demo market without accounts; the demo passwords are printed once, when created", async () => {
    const marketOnly = script("seed.ts", "--market-only");
    expect(marketOnly.code).toBe(0);
    expect(marketOnly.out).toContain("the demo market only (--market-only)");
    expect(marketOnly.out).toContain("Imported the demo market");
    expect(marketOnly.out).not.toContain("demo-password");
    expect(await users()).toEqual([]);

    const first = script("seed.ts");
    expect(first.code).toBe(0);
    expect(first.out).toContain("admin@example.com  /  admin-demo-password");
    expect(await users()).toEqual(["admin@example.com", "investor@example.com"]);

    const second = script("seed.ts");
    expect(second.code).toBe(0);
    expect(second.out).not.toContain("demo-password");
    expect(second.out).toContain("the demo accounts were created before");

    // Outside demo mode a plain seed would retire the published passwords; --market-only leaves them.
    const leave = run([process.execPath, "scripts/seed.ts", "--market-only"], { DEMO_ACCOUNTS: "false" });
    expect(leave.code).toBe(0);
    expect(leave.out).not.toContain("still had the password");
  }, 60_000);

  test("generate-recommendations on a day without prices says so and exits 1; a trading day exits 0", () => {
    const weekend = script("generate-recommendations.ts", "--date", "2023-10-28");
    expect(weekend.code).toBe(1);
    expect(weekend.err).toContain("No prices on 2023-10-28");
    const friday = script("generate-recommendations.ts", "--date", "2023-10-27");
    expect(friday.code).toBe(0);
    expect(friday.out).toMatch(/^2023-10-27: scored \d+ symbols/);
  }, 60_000);
});

describe("migrate", () => {
  test("applies the migrations to DATABASE_URL and says where; an argument is refused", async () => {
    const other = join(dir, "migrated.db");
    expect(script("migrate.ts", "now").code).toBe(2);
    expect(existsSync(other)).toBe(false);
    const done = run([process.execPath, "scripts/migrate.ts"], { DATABASE_URL: `file:${other}` });
    expect(done.err).toBe("");
    expect(done.code).toBe(0);
    expect(done.out).toBe(`Migrations applied to file:${other}\n`);
    const client = createClient({ url: `file:${other}` });
    try {
      const tables = await client.execute(
        "select name from sqlite_master where type = 'table' and name = 'users'",
      );
      expect(tables.rows).toHaveLength(1);
    } finally {
      client.close();
    }
  });
});

describe("build-demo-market", () => {
  test("a company name with a doubled quote inside a quoted cell survives into securities.csv and back", () => {
    const shared = join(dir, "shared");
    mkdirSync(join(shared, "prices-daily"), { recursive: true });
    mkdirSync(join(shared, "companies"), { recursive: true });
    writeFileSync(
      join(shared, "prices-daily/sectors.csv"),
      'Symbol,Name,Sector\nFOO,"Foo ""Bar"" Inc",Industrials\nQUX,"Qux, ""the"" Company",Energy\n',
    );
    writeFileSync(
      join(shared, "companies/constituents.csv"),
      'Symbol,Security,GICS Sector,GICS Sub-Industry\nQUX,"Qux ""Q"" Holdings",Energy,"Oil, Gas & Consumable Fuels"\n',
    );
    const bars =
      '"Index","X.Open","X.High","X.Low","X.Close","X.Volume","X.Adjusted"\n"2023-10-26",10,11,9,10.5,1000,10.4\n';
    writeFileSync(join(shared, "prices-daily/FOO.csv"), bars);
    writeFileSync(join(shared, "prices-daily/QUX.csv"), bars);

    const out = join(dir, "built");
    const built = script("build-demo-market.ts", "--out", out, shared);
    expect(built.err).toBe("");
    expect(built.code).toBe(0);
    const securities = readFileSync(join(out, "market/securities.csv"), "utf8");
    expect(securities).toContain('"FOO","Foo ""Bar"" Inc","Industrials","N/A"');
    expect(securityRows(securities)).toEqual([
      ["FOO", 'Foo "Bar" Inc', "Industrials", "N/A"],
      ["QUX", 'Qux "Q" Holdings', "Energy", "Oil, Gas & Consumable Fuels"],
    ]);
    const prices = new TextDecoder().decode(Bun.gunzipSync(readFileSync(join(out, "market/prices.csv.gz"))));
    expect(prices).toBe(
      "symbol,date,open,high,low,close,adj_close,volume\nFOO,2023-10-26,10,11,9,10.5,10.4,1000\nQUX,2023-10-26,10,11,9,10.5,10.4,1000\n",
    );
  });
});
