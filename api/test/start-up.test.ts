import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createDb } from "../../db/client.ts";
import { runMigrations } from "../../db/migrate.ts";
import { createUser } from "../features/auth/auth.service.ts";
import { serverEnv, startBunServer } from "./bun-server.ts";
import { depsOn, testDbKind } from "./harness.ts";

// What an operator sees when the Bun server cannot start (issue 27): one line on stderr saying what to change, as a
// JSON log line when stderr is not a terminal, and exit code 1; never a stack dump, never a silent start.
const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "start-up-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let databases = 0;
const freshUrl = () => `file:${join(dir, `db-${++databases}`, "app.db")}`;

/** Starts `bun api/server.ts` expecting it to stop by itself; answers its exit code and what it wrote. */
async function failedStart(env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, "api/server.ts"], {
    cwd: root,
    env: serverEnv(env),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(9), 20_000);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  const lines = stderr.split("\n").filter((line) => line !== "");
  return { code, stdout, stderr, lines };
}

/** The one JSON line a start that stopped wrote on stderr. */
function onlyLine(result: Awaited<ReturnType<typeof failedStart>>) {
  expect(result.code, result.stdout + result.stderr).toBe(1);
  expect(result.lines, result.stderr).toHaveLength(1);
  return JSON.parse(result.lines[0]!) as Record<string, unknown>;
}

/** A database as a restore would bring it: migrated, with a user whose API key is sealed with `secret`. */
async function databaseWithUser(secret: string) {
  const url = freshUrl();
  mkdirSync(dirname(url.slice("file:".length)));
  const database = createDb(url);
  await runMigrations(database.db);
  const made = await createUser(depsOn(database, secret), {
    email: "restored@example.com",
    password: "correct-horse-battery",
    firstName: "Re",
    lastName: "Stored",
  });
  expect(made.ok).toBe(true);
  database.client.close();
  return url;
}

describe.skipIf(testDbKind !== "file")("a start that cannot go on", () => {
  test("a bad setting: one JSON line naming the variable and what it takes, no stack", async () => {
    const result = await failedStart({ DATABASE_URL: freshUrl(), LOG_LEVEL: "loud" });
    expect(onlyLine(result)).toEqual({
      level: "fatal",
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      variables: ["LOG_LEVEL"],
      message:
        "Signalboard did not start: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got 'loud').",
    });
    expect(result.stderr).not.toContain("    at ");
  }, 30_000);

  // util-linux's `script` gives the server a terminal; where it is missing there is nothing to test with.
  test.skipIf(!Bun.which("script"))(
    "on a terminal the same line is plain text",
    async () => {
      // What the server wrote to that terminal comes out on script's stdout.
      const command = `LOG_LEVEL=loud PORT=0 SEED_ON_START=false DATABASE_URL=${freshUrl()} ${process.execPath} api/server.ts`;
      const proc = Bun.spawn(["script", "-qec", command, "/dev/null"], {
        cwd: root,
        env: serverEnv({}),
        stdout: "pipe",
        stderr: "pipe",
      });
      const output = (await new Response(proc.stdout).text()).trim();
      expect(await proc.exited).toBe(1);
      expect(output).toBe(
        "Signalboard did not start: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got 'loud').",
      );
    },
    30_000,
  );

  test("a port another process listens on stops the start, naming the port", async () => {
    const url = freshUrl();
    const first = await startBunServer({ DATABASE_URL: url });
    try {
      const port = new URL(first.url).port;
      const result = await failedStart({ DATABASE_URL: url, PORT: port });
      const line = onlyLine(result);
      expect(line.variables).toEqual(["PORT"]);
      expect(line.message).toBe(
        `Signalboard did not start: port ${port} is taken by another process; stop it or set PORT to a free port.`,
      );
    } finally {
      await first.stop();
    }
  }, 30_000);

  test("a database restored without its app-secret file stops the start, saying how to supply it", async () => {
    const url = await databaseWithUser("the-secret-it-was-made-with-0123456789");
    const secretFile = join(dirname(url.slice("file:".length)), "app-secret");
    const result = await failedStart({ DATABASE_URL: url });
    const line = onlyLine(result);
    expect(line.variables).toEqual(["APP_SECRET"]);
    expect(line.message).toBe(
      "Signalboard did not start: the database holds API keys sealed with a secret this server does not have. " +
        `Restore the app-secret file beside the database (${secretFile}) or set APP_SECRET to the secret it was made with.`,
    );
    // No new secret was invented for it: restoring the right file later still works.
    expect(existsSync(secretFile)).toBe(false);
  }, 30_000);

  test("a database made with another APP_SECRET stops the start", async () => {
    const url = await databaseWithUser("the-secret-it-was-made-with-0123456789");
    const result = await failedStart({
      DATABASE_URL: url,
      APP_SECRET: "another-secret-altogether-0123456789",
    });
    const line = onlyLine(result);
    expect(line.variables).toEqual(["APP_SECRET"]);
    expect(line.message).toStartWith(
      "Signalboard did not start: the database holds API keys sealed with a secret this server does not have.",
    );
    const right = await startBunServer({
      DATABASE_URL: url,
      APP_SECRET: "the-secret-it-was-made-with-0123456789",
    });
    await right.stop();
  }, 30_000);
});
