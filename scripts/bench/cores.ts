// Where the serving bench's processes run (docs/decisions/096-server-under-test-on-its-own-core.md): the server under
// test (the app on Bun or workerd, and the bare hello it is compared with) on a core of its own; the load generator
// (the bench process) and the processes it starts but does not measure (sqld) on the others. What the client spends
// reading an answer is then never taken from the server being measured, as with a load generator on another host.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

export interface CoreSplit {
  /** The cores of the load generator and sqld (taskset's list syntax). */
  client: string;
  /** The core of the server under test. */
  server: string;
  /** Every core, to give the bench process back when it is done. */
  all: string;
}

/** The split on this host, or why there is none (one core, no taskset, or BENCH_PIN=0). */
export function coreSplit(): CoreSplit | { none: string } {
  if (process.env.BENCH_PIN === "0") return { none: "BENCH_PIN=0" };
  const cores = availableParallelism();
  if (cores < 2) return { none: "one core" };
  if (!Bun.which("taskset")) return { none: "no taskset" };
  return { client: "0", server: "1", all: `0-${cores - 1}` };
}

/** The cores process `pid` may run on, as the kernel lists them (`0-1`), or null when there is no such process. */
export function allowedCores(pid: number): string | null {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Moves every thread of process `pid` onto `cores` (a list in the kernel's form: `1`, `0-1`); the threads it starts
 * later inherit them. Checked afterwards: taskset says nothing for a process that is gone.
 */
export function pin(pid: number, cores: string): void {
  const run = Bun.spawnSync(["taskset", "--all-tasks", "--cpu-list", "--pid", cores, String(pid)], {
    stdout: "ignore",
    stderr: "pipe",
  });
  const now = allowedCores(pid);
  if (run.exitCode !== 0 || now !== cores) {
    throw new Error(
      `taskset could not pin process ${pid} to ${cores} (${now ?? "no such process"}): ${run.stderr}`,
    );
  }
}
