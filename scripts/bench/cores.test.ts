import { afterAll, describe, expect, test } from "bun:test";
import { availableParallelism } from "node:os";
import { allowedCores, coreSplit, pin } from "./cores.ts";

describe.skipIf(availableParallelism() < 2 || !Bun.which("taskset"))(
  "the serving bench's cores (decision 096)",
  () => {
    const sleeper = Bun.spawn(["sleep", "30"]);
    afterAll(() => sleeper.kill());

    test("the load generator gets core 0, the server under test core 1, and all cores come back", () => {
      const split = coreSplit();
      expect(split).toEqual({ client: "0", server: "1", all: `0-${availableParallelism() - 1}` });
      if (!("server" in split)) return;
      pin(sleeper.pid, split.server);
      expect(allowedCores(sleeper.pid)).toBe("1");
      pin(sleeper.pid, split.all);
      expect(allowedCores(sleeper.pid)).toBe(split.all);
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
