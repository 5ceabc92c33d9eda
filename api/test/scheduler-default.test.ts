import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schedulerEnabled } from "../lib/config.ts";
import { startBunServer } from "./bun-server.ts";
import { prepareDatabase, testDbKind } from "./harness.ts";

const dir = mkdtempSync(join(tmpdir(), "scheduler-default-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = "scheduler-default-secret-scheduler-default";

describe("the scheduler's default", () => {
  test("on unless SCHEDULER says otherwise, off under NODE_ENV=test", () => {
    expect(schedulerEnabled({ SCHEDULER: undefined }, undefined)).toBe(true);
    expect(schedulerEnabled({ SCHEDULER: undefined }, "production")).toBe(true);
    expect(schedulerEnabled({ SCHEDULER: undefined }, "test")).toBe(false);
    expect(schedulerEnabled({ SCHEDULER: false }, "production")).toBe(false);
    expect(schedulerEnabled({ SCHEDULER: true }, "test")).toBe(true);
  });

  test.skipIf(testDbKind !== "file")(
    "a Bun server started without SCHEDULER runs the jobs (job_runs fills); with NODE_ENV=test it does not",
    async () => {
      const url = `file:${join(dir, "app.db")}`;
      const database = await prepareDatabase(url);
      const runs = async () =>
        Number((await database.client.execute("select count(*) as n from job_runs")).rows[0]?.n);
      try {
        // An empty value counts as unset (parseEnv), overriding the harness's SCHEDULER=false.
        const quiet = await startBunServer({
          DATABASE_URL: url,
          APP_SECRET: SECRET,
          SCHEDULER: "",
          NODE_ENV: "test",
        });
        await Bun.sleep(500);
        await quiet.stop();
        expect(quiet.output()).toContain("scheduler off");
        expect(await runs()).toBe(0);

        const server = await startBunServer({ DATABASE_URL: url, APP_SECRET: SECRET, SCHEDULER: "" });
        try {
          expect(server.output()).toContain("scheduler on");
          const deadline = Date.now() + 20_000;
          while ((await runs()) === 0 && Date.now() < deadline) await Bun.sleep(100);
          expect(await runs()).toBeGreaterThan(0);
        } finally {
          await server.stop();
        }
      } finally {
        database.client.close();
      }
    },
    40_000,
  );
});
