import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { allowedCores, coreSplit, coresIn, pin } from "./cores.ts";

test("a kernel core list names each core once", () => {
  expect(coresIn("0-1")).toEqual([0, 1]);
  expect(coresIn("2,4-6,9")).toEqual([2, 4, 5, 6, 9]);
  expect(coresIn("3")).toEqual([3]);
});

describe.skipIf(availableParallelism() < 2 || !Bun.which("taskset"))(
  "the serving bench's cores (decision 096)",
  () => {
    // A Bun process has several threads (its collector's, its event loop's): every one must move.
    const server = Bun.spawn([process.execPath, "-e", "setInterval(() => {}, 1000)"]);
    afterAll(() => server.kill());

    test("the load generator and the server under test get one core each of the bench's, and all come back", async () => {
      const split = coreSplit();
      const given = allowedCores(process.pid)!;
      const [first, second] = coresIn(given);
      expect(split).toEqual({ client: String(first), server: String(second), all: given });
      if (!("server" in split)) return;
      for (let i = 0; i < 100 && readdirSync(`/proc/${server.pid}/task`).length < 2; i++) await Bun.sleep(20);
      expect(readdirSync(`/proc/${server.pid}/task`).length).toBeGreaterThan(1);
      pin(server.pid, split.server);
      for (const tid of readdirSync(`/proc/${server.pid}/task`))
        expect(allowedCores(Number(tid))).toBe(split.server);
      pin(server.pid, split.all);
      expect(allowedCores(server.pid)).toBe(split.all);
    });

    test("BENCH_PIN=0 leaves the cores shared, and a process that is gone is an error, not a silent run", () => {
      const before = process.env.BENCH_PIN;
      process.env.BENCH_PIN = "0";
      try {
        expect(coreSplit()).toEqual({ none: "BENCH_PIN=0" });
      } finally {
        if (before === undefined) delete process.env.BENCH_PIN;
        else process.env.BENCH_PIN = before;
      }
      const gone = Bun.spawnSync(["true"]).pid;
      expect(allowedCores(gone)).toBeNull();
      expect(() => pin(gone, "0")).toThrow(/taskset could not pin/);
    });
  },
);
